import type { Settings, SettingsAnswer } from "@scriptorium/shared";
import { apiCall } from "../../../api/client";
import { StatusError } from "../../../api/errors";

/**
 * The global settings (GET /api/settings, admin) with how programs run (`programs`, read-only),
 * or null from a server that does not offer them (404): the page then shows the values it was
 * loaded with, read-only.
 */
export async function fetchGlobalSettings(): Promise<SettingsAnswer | null> {
  try {
    return await apiCall("getSettings");
  } catch (err) {
    if (err instanceof StatusError && err.status === 404) return null;
    throw err;
  }
}

/** The settings of an answer, without what is only shown (`programs`). */
export function settingsOf(answer: SettingsAnswer): Settings {
  const settings: Settings & { programs?: unknown } = { ...answer };
  delete settings.programs;
  return settings;
}

/** Saves the whole settings object: the server replaces every top-level field. */
export async function saveGlobalSettings(settings: Settings): Promise<void> {
  await apiCall("updateSettings", { body: settings });
}
