import { isErrorBody, type Settings } from "@scriptorium/shared";
import { apiUrl, reportUnauthorized } from "../../../api/client";
import { NO_CONNECTION_MESSAGE, StatusError } from "../../../api/status-error";
import { useAuthStore } from "../../auth/auth-store";

/*
 * GET and PUT /api/settings (API.md §8.4). The shared route contracts do not have these routes
 * yet — the server adds them with the user-management and settings issue — so they are called
 * here with fetch; once `routes` has them, this file becomes two apiCall lines.
 */

async function request(method: "GET" | "PUT", body?: Settings): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(apiUrl("/api/settings"), {
      method,
      headers: { "X-Auth": useAuthStore.getState().jwt },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new StatusError(NO_CONNECTION_MESSAGE, 0);
  }
  if (res.status === 401) reportUnauthorized();
  if (res.ok || res.status === 404) return res;
  const text = await res.text().catch(() => "");
  let message = `${res.status} ${res.statusText}`.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorBody(parsed)) message = parsed.message;
  } catch {
    if (text.trim() && !text.trimStart().startsWith("<")) message = text.trim();
  }
  throw new StatusError(message, res.status);
}

/** The global settings, or null while this server does not offer them (404). */
export async function fetchGlobalSettings(): Promise<Settings | null> {
  const res = await request("GET");
  if (res.status === 404) return null;
  return (await res.json()) as Settings;
}

/** Saves the whole settings object: the server replaces every top-level field. */
export async function saveGlobalSettings(settings: Settings): Promise<void> {
  const res = await request("PUT", settings);
  if (res.status === 404) throw new StatusError("404 Not Found", 404);
}
