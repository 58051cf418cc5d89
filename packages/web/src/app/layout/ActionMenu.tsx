import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { actionIcon, type Action, type ActionContext } from "../../actions";
import { handleError } from "../../state/handle-error";
import { Icon } from "../../components/Icon";

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
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key] as number]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };
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
        onClick={() => setOpen((value) => !value)}
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
