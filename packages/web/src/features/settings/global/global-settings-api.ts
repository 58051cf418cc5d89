import type { Settings } from "@scriptorium/shared";
import { apiCall } from "../../../api/client";
import { StatusError } from "../../../api/errors";

/**
 * The global settings (GET /api/settings, admin), or null from a server that does not offer
 * them (404): the page then shows the values it was loaded with, read-only.
 */
export async function fetchGlobalSettings(): Promise<Settings | null> {
  try {
    return await apiCall("getSettings");
  } catch (err) {
    if (err instanceof StatusError && err.status === 404) return null;
    throw err;
  }
}

/** Saves the whole settings object: the server replaces every top-level field. */
export async function saveGlobalSettings(settings: Settings): Promise<void> {
  await apiCall("updateSettings", { body: settings });
}
