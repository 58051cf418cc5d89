/** Who may open a route (SPEC.md §2 route table). */
export type Access =
  /** anyone */
  | "public"
  /** only visitors who are not logged in (the login screen) */
  | "guest"
  /** logged-in users */
  | "user"
  /** logged-in admins */
  | "admin";

export interface GuardAuth {
  loggedIn: boolean;
  admin: boolean;
}

export interface GuardLocation {
  pathname: string;
  search: string;
}

/**
 * The route guard as a pure decision: where to send the visitor instead, or null to stay.
 * A logged-in user opening login goes to /files/; a protected route without login goes to
 * /login?redirect=<full path>; an admin route without admin permission goes to /403.
 */
export function guardRedirect(
  access: Access,
  location: GuardLocation,
  auth: GuardAuth,
): string | null {
  switch (access) {
    case "public":
      return null;
    case "guest":
      return auth.loggedIn ? "/files/" : null;
    case "user":
    case "admin":
      if (!auth.loggedIn) {
        return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
      }
      return access === "admin" && !auth.admin ? "/403" : null;
  }
}
