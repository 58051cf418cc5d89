import { useTranslation } from "react-i18next";
import { handleError } from "../state/handle-error";
import { Icon, type IconName } from "../components/Icon";
import { useMenuButton } from "../components/use-menu-button";
import { actionIcon } from "./registry";
import type { Action, ActionContext } from "./types";
import "./action-menu.css";

interface ActionMenuProps {
  actions: Action[];
  ctx: ActionContext;
  /** The button's name, and the menu's. */
  label: string;
  /** An icon-only button (its name in a tooltip); without it the button shows its label. */
  icon?: IconName;
  /** data-testid of the button; the menu's is `${testId}-menu`. */
  testId: string;
  /** Prefix of the items' data-testid, before the action's id. */
  itemTestId?: string;
  /** The menu opens above its button (the selection bar at the bottom of a phone). */
  up?: boolean;
}

/**
 * Actions behind a menu button (APG menu button): each item with its icon and its name.
 * Arrows move, Home/End go to the ends, Escape closes it and gives the focus back to the
 * button. The header's "More actions" and "Edition" menus, and the selection bar's.
 */
export function ActionMenu({
  actions,
  ctx,
  label,
  icon,
  testId,
  itemTestId = "action-",
  up = false,
}: ActionMenuProps) {
  const { t } = useTranslation();
  const { open, toggle, close, id, button, menu, onKeyDown } = useMenuButton("[role^=menuitem]");
  const run = (action: Action) => {
    close(true);
    Promise.resolve(action.perform(ctx)).catch(handleError);
  };

  return (
    <div className={`action-menu${up ? " action-menu--up" : ""}`}>
      <button
        ref={button}
        type="button"
        className={icon ? "icon-button" : "action-menu__button"}
        aria-label={icon ? label : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={testId}
        onClick={toggle}
      >
        {icon ? (
          <Icon name={icon} />
        ) : (
          <>
            <span>{label}</span>
            <Icon name="chevronDown" size={16} />
          </>
        )}
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          className="action-menu__list"
          data-testid={`${testId}-menu`}
          onKeyDown={onKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              // A toggle (select multiple) says whether it is on.
              role={action.isActive ? "menuitemcheckbox" : "menuitem"}
              aria-checked={action.isActive?.(ctx)}
              tabIndex={-1}
              className="action-menu__item"
              data-testid={`${itemTestId}${action.id}`}
              disabled={!action.isVisible(ctx)}
              onClick={() => run(action)}
            >
              <Icon name={actionIcon(action, ctx)} />
              <span>{t(action.label)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
