import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation, useMatches } from "react-router";
import { resolveHandle } from "../../lib/route-titles";
import { useUser } from "../../state/auth-store";
import { GLOBAL_SECTIONS, globalSectionPath } from "./global/sections";
import "./settings.css";

interface Tab {
  to: string;
  label: ParseKeys;
  testId: string;
}

/** Settings frame: the side menu of SPEC.md §2 (entries by permission) and the page. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const user = useUser();
  const title = resolveHandle(useMatches().map((match) => match.handle)).title;
  const inGlobal = useLocation().pathname.startsWith("/settings/global");
  const tabs: Tab[] = [
    { to: "/settings/profile", label: "settings.profileSettings", testId: "settings-tab-profile" },
  ];
  if (user?.perm.share) {
    tabs.push({
      to: "/settings/shares",
      label: "settings.shareManagement",
      testId: "settings-tab-shares",
    });
  }
  if (user?.perm.admin) {
    tabs.push(
      { to: "/settings/global", label: "settings.globalSettings", testId: "settings-tab-global" },
      { to: "/settings/users", label: "settings.userManagement", testId: "settings-tab-users" },
      { to: "/settings/activity", label: "settings.activityLog", testId: "settings-tab-activity" },
    );
  }

  return (
    <div className="settings" data-testid="settings">
      <h1 className="visually-hidden" data-testid="page-heading">
        {t(title)}
      </h1>
      <div className="settings__side">
        <nav className="settings__menu" aria-label={t("settings.title")}>
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} className="settings__tab" data-testid={tab.testId}>
              {t(tab.label)}
            </NavLink>
          ))}
        </nav>
        {inGlobal && user?.perm.admin && <GlobalSectionsNav />}
      </div>
      <div className="settings__content">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * The sections of the global settings (issue 31): under their tab in the side menu, a row of
 * their own on narrow screens; the current one marked (aria-current).
 */
function GlobalSectionsNav() {
  const { t } = useTranslation();
  return (
    <nav
      className="settings__sections"
      aria-label={t("globalSettings.sections")}
      data-testid="global-sections"
    >
      <ul>
        {GLOBAL_SECTIONS.map((section) => (
          <li key={section.id}>
            <NavLink
              to={globalSectionPath(section.id)}
              className="settings__section"
              data-testid={`global-section-${section.id}`}
            >
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
