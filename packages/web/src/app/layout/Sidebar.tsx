import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { actionsFor, getAction, useActionContext, type Action } from "../../actions";
import { handleError } from "../../state/handle-error";
import { Icon, type IconName } from "../../components/Icon";
import { getGlobals } from "../../lib/globals";
import { PRODUCT_LABEL, PROJECT_URL } from "../../lib/project";
import { useUser } from "../../state/auth-store";
import { logout } from "../../features/auth/session";
import { useLayoutStore } from "../../state/layout-store";
import { UsageBar } from "./UsageBar";

interface EntryProps {
  icon: IconName;
  label: string;
  testId: string;
}

function NavEntry({ to, end, ...props }: EntryProps & { to: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="sidebar__entry" data-testid={props.testId}>
      <Icon name={props.icon} />
      <span>{props.label}</span>
    </NavLink>
  );
}

function ButtonEntry({ onClick, ...props }: EntryProps & { onClick: () => void }) {
  return (
    <button type="button" className="sidebar__entry" data-testid={props.testId} onClick={onClick}>
      <Icon name={props.icon} />
      <span>{props.label}</span>
    </button>
  );
}

/** The sidebar of SPEC.md §2; a drawer on narrow screens. */
export function Sidebar({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const ctx = useActionContext();
  const globals = getGlobals();
  const closeSidebar = useLayoutStore((state) => state.closeSidebar);
  const run = (action: Action | undefined) => () => {
    closeSidebar();
    if (action) Promise.resolve(action.perform(ctx)).catch(handleError);
  };

  return (
    <nav
      id="sidebar"
      className={`sidebar${open ? " sidebar--open" : ""}`}
      aria-label={t("header.menu")}
      data-testid="sidebar"
    >
      {user ? (
        <>
          <NavEntry
            to="/files/"
            icon="folder"
            label={t("sidebar.myFiles")}
            testId="sidebar-my-files"
          />
          <NavEntry to="/trash" icon="trash" label={t("sidebar.trash")} testId="sidebar-trash" />
          {actionsFor("sidebar", ctx).map((action) => (
            <ButtonEntry
              key={action.id}
              icon={action.icon}
              label={t(action.label)}
              testId={`sidebar-${action.id}`}
              onClick={run(action)}
            />
          ))}
          <NavEntry
            to="/settings"
            icon="settings"
            label={t("sidebar.settings")}
            testId="sidebar-settings"
          />
          {globals.LoginPage && !globals.NoAuth && (
            <ButtonEntry
              icon="logout"
              label={t("sidebar.logout")}
              testId="sidebar-logout"
              onClick={() => void logout()}
            />
          )}
        </>
      ) : (
        <>
          <NavEntry to="/login" icon="login" label={t("sidebar.login")} testId="sidebar-login" />
          {globals.Signup && (
            <Link
              to="/login"
              state={{ signup: true }}
              className="sidebar__entry"
              data-testid="sidebar-signup"
            >
              <Icon name="userPlus" />
              <span>{t("sidebar.signup")}</span>
            </Link>
          )}
        </>
      )}
      {user && !globals.DisableUsedPercentage && <UsageBar />}
      <div className="sidebar__footer">
        <NavEntry
          to="/api-reference"
          icon="fileText"
          label={t("sidebar.apiReference")}
          testId="sidebar-api-reference"
        />
        <ButtonEntry
          icon="help"
          label={t("sidebar.help")}
          testId="sidebar-help"
          onClick={run(getAction("help"))}
        />
        <p className="sidebar__version" data-testid="sidebar-version">
          {globals.DisableExternal ? (
            <span>{PRODUCT_LABEL}</span>
          ) : (
            <a href={PROJECT_URL} target="_blank" rel="noreferrer">
              {PRODUCT_LABEL}
            </a>
          )}{" "}
          <span dir="ltr">{globals.Version}</span>
        </p>
      </div>
    </nav>
  );
}
