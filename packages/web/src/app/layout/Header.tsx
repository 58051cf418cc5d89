import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { getGlobals, staticUrl } from "../../lib/globals";
import { useLayoutStore } from "../../state/layout-store";

/** Top bar: drawer button (narrow screens) and brand; its actions follow the sidebar. */
export function Header() {
  const { t } = useTranslation();
  const open = useLayoutStore((state) => state.sidebarOpen);
  const toggle = useLayoutStore((state) => state.toggleSidebar);

  return (
    <header className="app-header">
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
    </header>
  );
}
