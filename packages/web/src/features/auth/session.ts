import type { TokenUser } from "@scriptorium/shared";
import { apiCall, setAuthHandlers } from "../../api/client";
import { isStatusError } from "../../api/errors";
import i18n, { applyLocale, browserLocale } from "../../i18n";
import { getGlobals } from "../../lib/globals";
import { decodeTokenClaims } from "../../lib/jwt";
import { showInfo } from "../../state/toast-store";
import { useAuthStore } from "../../state/auth-store";
import { clearStoredToken, loadStoredToken, storeToken } from "./token-storage";

type Navigate = (to: string) => void;

/** Set by the app once the router exists; before that a full page load does the job. */
let navigate: Navigate = (to) => window.location.assign(getGlobals().BaseURL + to);

export function setSessionNavigator(fn: Navigate): void {
  navigate = fn;
}

/** The language switch of the last accepted token (its translation may still be loading). */
let localeSwitch: Promise<void> = Promise.resolve();

/** Stores a token from login or renew, makes its user current and applies the user's locale. */
export function acceptToken(jwt: string): TokenUser {
  const claims = decodeTokenClaims(jwt);
  if (!claims) throw new Error("The server sent an invalid token");
  storeToken(jwt);
  useAuthStore.getState().setSession(jwt, claims.user);
  localeSwitch = applyLocale(claims.user.locale);
  return claims.user;
}

/** Logs in; resolves once the user's language is on, so the next page shows in it. */
export async function login(username: string, password: string, recaptcha = ""): Promise<void> {
  acceptToken(await apiCall("login", { body: { username, password, recaptcha } }));
  await localeSwitch;
}

/** Creates the account; the caller then logs in (SPEC.md §4). */
export async function signup(username: string, password: string): Promise<void> {
  await apiCall("signup", { body: { username, password } });
}

/** Exchanges the current (or given) token for a fresh one. */
export async function renew(token?: string): Promise<void> {
  acceptToken(await apiCall("renew", token ? { token } : {}));
  await localeSwitch;
}

function clearLocalSession(): void {
  clearStoredToken();
  useAuthStore.getState().clear();
  // Logged out, the pages speak the browser's language again.
  void applyLocale(browserLocale());
}

function currentAppPath(): string {
  const base = getGlobals().BaseURL;
  const { pathname, search } = window.location;
  const path = base && pathname.startsWith(base) ? pathname.slice(base.length) || "/" : pathname;
  return path + search;
}

/**
 * Ends the session: revokes it on the server (a failure is ignored), forgets the token, then
 * reloads the page in proxy/noauth mode (which logs in again) or goes to /login.
 */
export async function logout(): Promise<void> {
  const { jwt } = useAuthStore.getState();
  if (jwt) await apiCall("logout", { token: jwt }).catch(() => undefined);
  clearLocalSession();
  if (!getGlobals().LoginPage) window.location.reload();
  else navigate("/login");
}

/** A call answered 401: the token is no longer valid, so there is nothing to revoke. */
function endExpiredSession(): void {
  if (!useAuthStore.getState().jwt) return;
  clearLocalSession();
  if (!getGlobals().LoginPage) {
    window.location.reload();
    return;
  }
  showInfo(i18n.t("errors.sessionExpired"));
  navigate(`/login?redirect=${encodeURIComponent(currentAppPath())}`);
}

setAuthHandlers({
  getToken: () => useAuthStore.getState().jwt,
  renew: () => renew(),
  unauthorized: endExpiredSession,
});

/**
 * The start-up step of API.md §1.5: renew a stored token (json/hook auth), or log in with empty
 * credentials when the server authenticates by itself (proxy, noauth). Never throws: a failure
 * leaves the visitor logged out.
 */
export async function initSession(): Promise<void> {
  // Until someone is logged in, the browser's languages choose (a user's locale then wins).
  const browser = applyLocale(browserLocale());
  if (!getGlobals().LoginPage) {
    await login("", "").catch(async (err: unknown) => {
      console.warn("automatic login failed", err);
      await browser;
    });
    return;
  }
  const stored = loadStoredToken();
  const claims = stored ? decodeTokenClaims(stored) : null;
  if (!stored || !claims) {
    if (stored) {
      console.warn("the stored token is invalid");
      clearStoredToken();
    }
    await browser;
    return;
  }
  localeSwitch = applyLocale(claims.user.locale);
  try {
    await renew(stored);
  } catch (err) {
    console.warn("the stored session could not be renewed", err);
    // Keep the token when the server was merely unreachable; drop it when it was refused.
    if (!isStatusError(err, 0)) {
      clearStoredToken();
      await applyLocale(browserLocale());
    } else await localeSwitch;
  }
}
