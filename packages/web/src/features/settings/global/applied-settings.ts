import type { PageGlobals, Settings } from "@scriptorium/shared";
import { updateGlobals } from "../../../lib/globals";

/**
 * The page globals that come from the global settings, as the server injects them into the
 * page (API.md §11.2); the branding folder's stylesheet (CSS) is the server's to find.
 */
export function globalsOfSettings(settings: Settings): Partial<PageGlobals> {
  const { branding } = settings;
  const login = branding.login;
  const hasLogin =
    login !== undefined &&
    (Object.keys(login.description).length > 0 || Object.keys(login.contact).length > 0);
  return {
    Name: branding.name,
    Color: branding.color.trim(),
    Theme: branding.theme,
    DisableExternal: branding.disableExternal,
    DisableUsedPercentage: branding.disableUsedPercentage,
    ReportURL: (branding.reportUrl ?? "").trim(),
    LoginTexts: hasLogin ? login : undefined,
    Signup: settings.signup,
    TusSettings: settings.tus,
    ...(settings.tools && {
      EditionTools: settings.tools.tools.filter((tool) => tool.enabled).map((tool) => tool.name),
    }),
  };
}

/**
 * Saved settings take effect at once (issue 31): the header's name, the document title, the
 * colour and theme (main.tsx applies them again), the report button, the tools offered, without
 * a reload.
 */
export function applySavedSettings(settings: Settings): void {
  updateGlobals(globalsOfSettings(settings));
}
