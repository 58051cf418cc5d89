import { getGlobals } from "../../lib/globals";

const STORAGE_KEY = "jwt";
const COOKIE_NAME = "auth";

function cookieAttributes(): string {
  const path = getGlobals().BaseURL || "/";
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  return `Path=${path}; SameSite=Strict${secure}`;
}

/**
 * The token lives in localStorage (to renew it at the next start) and in the `auth` cookie,
 * which the server reads on GET requests that cannot carry a header (API.md §1.1).
 */
export function storeToken(jwt: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, jwt);
  } catch {
    // private mode without storage: the session lasts until the page closes
  }
  document.cookie = `${COOKIE_NAME}=${jwt}; ${cookieAttributes()}`;
}

export function loadStoredToken(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
  document.cookie = `${COOKIE_NAME}=; Max-Age=0; ${cookieAttributes()}`;
}
