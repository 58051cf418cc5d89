import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ActionButton, useActionContext, useActionsFor } from "../../actions";
import { Icon } from "../../components/Icon";
import { getGlobals, staticUrl } from "../../lib/globals";
import { useLayoutStore } from "./layout-store";

/** Top bar: drawer button (narrow screens), brand, and the header actions of the registry. */
export function Header() {
  const { t } = useTranslation();
  const ctx = useActionContext();
  const open = useLayoutStore((state) => state.sidebarOpen);
  const toggle = useLayoutStore((state) => state.toggleSidebar);
  const actions = useActionsFor("header", ctx);

  return (
    <header className={`app-header${ctx.selectedCount > 0 ? " app-header--selecting" : ""}`}>
      <button
        type="button"
        className="icon-button app-header__menu"
        aria-label={t("header.menu")}
        aria-expanded={open}
        aria-controls="sidebar"
        data-testid="menu-button"
        onClick={toggle}
      >
        <Icon name="menu" />
      </button>
      <Link to="/files/" className="app-header__brand">
        <img src={staticUrl("img/logo.svg")} alt="" width={32} height={32} />
        <span>{getGlobals().Name}</span>
      </Link>
      <div className="app-header__actions" data-testid="header-actions">
        {actions.map((action) => (
          <ActionButton
            key={action.id}
            action={action}
            ctx={ctx}
            testId={`action-${action.id}`}
            className={action.placements.includes("selection") ? "app-header__in-bar" : undefined}
          />
        ))}
      </div>
    </header>
  );
}
