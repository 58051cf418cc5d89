import type { AppPasswordCreate } from "@scriptorium/shared";
import { getGlobals } from "../lib/globals";
import { apiCall } from "./client";

/*
 * App passwords (issue 32): the passwords a WebDAV client logs in with, one per client, named,
 * read-only or read-write, revocable; the secret is answered once, at creation.
 */

/** Query key of the caller's app passwords. */
export const APP_PASSWORDS_KEY = ["appPasswords"] as const;

/** The caller's app passwords, newest first (never their secrets). */
export const fetchAppPasswords = (signal?: AbortSignal) => apiCall("listAppPasswords", { signal });

/** Creates one; the answer holds the password, the only time it is shown. */
export const createAppPassword = (body: AppPasswordCreate) =>
  apiCall("createAppPassword", { body });

export const revokeAppPassword = (id: number) => apiCall("deleteAppPassword", { params: { id } });

/** Where WebDAV clients connect: `{origin}{baseURL}/dav/`. */
export function davUrl(): string {
  return `${window.location.origin}${getGlobals().BaseURL}/dav/`;
}
