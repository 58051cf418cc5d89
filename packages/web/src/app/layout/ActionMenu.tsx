import { useTranslation } from "react-i18next";
import { actionIcon, type Action, type ActionContext } from "../../actions";
import { handleError } from "../../state/handle-error";
import { Icon } from "../../components/Icon";
import { useMenuButton } from "../../components/use-menu-button";

interface ActionMenuProps {
  actions: Action[];
  ctx: ActionContext;
}

/**
 * The header actions that do not fit a phone's width, behind a "More actions" button: a menu
 * (APG menu button) listing each with its icon and its name. Arrows move, Home/End go to the
 * ends, Escape closes it and gives the focus back to the button.
 */
export function ActionMenu({ actions, ctx }: ActionMenuProps) {
  const { t } = useTranslation();
  const { open, toggle, close, id, button, menu, onKeyDown } = useMenuButton("[role=menuitem]");
  const run = (action: Action) => {
    close(true);
    Promise.resolve(action.perform(ctx)).catch(handleError);
  };

  return (
    <div className="action-menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={t("header.more")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid="header-more"
        onClick={toggle}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={t("header.more")}
          className="action-menu__list"
          data-testid="header-more-menu"
          onKeyDown={onKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="action-menu__item"
              data-testid={`action-${action.id}`}
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
