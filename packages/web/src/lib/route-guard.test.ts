import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./paths";
import { guardRedirect } from "./route-guard";

const loggedOut = { loggedIn: false, admin: false };
const user = { loggedIn: true, admin: false };
const admin = { loggedIn: true, admin: true };
const at = (pathname: string, search = "") => ({ pathname, search });

describe("guardRedirect", () => {
  it("lets anyone open public routes", () => {
    for (const auth of [loggedOut, user, admin]) {
      expect(guardRedirect("public", at("/share/abc"), auth)).toBeNull();
      expect(guardRedirect("public", at("/403"), auth)).toBeNull();
    }
  });

  it("sends a logged-in user away from the login screen", () => {
    expect(guardRedirect("guest", at("/login"), loggedOut)).toBeNull();
    expect(guardRedirect("guest", at("/login", "?redirect=%2Ffiles%2Fa%2F"), user)).toBe("/files/");
  });

  it("sends visitors of protected routes to login with the full path", () => {
    expect(guardRedirect("user", at("/files/a b/", "?x=1"), loggedOut)).toBe(
      "/login?redirect=%2Ffiles%2Fa%20b%2F%3Fx%3D1",
    );
    expect(guardRedirect("admin", at("/settings/users"), loggedOut)).toBe(
      "/login?redirect=%2Fsettings%2Fusers",
    );
  });

  it("lets users in and keeps non-admins out of admin routes", () => {
    expect(guardRedirect("user", at("/files/"), user)).toBeNull();
    expect(guardRedirect("admin", at("/settings/global"), user)).toBe("/403");
    expect(guardRedirect("admin", at("/settings/global"), admin)).toBeNull();
  });
});

describe("safeRedirectTarget", () => {
  it("accepts app paths only", () => {
    expect(safeRedirectTarget("/files/a/?q=1")).toBe("/files/a/?q=1");
    expect(safeRedirectTarget(null)).toBe("/files/");
    expect(safeRedirectTarget("")).toBe("/files/");
    expect(safeRedirectTarget("//evil.example/")).toBe("/files/");
    expect(safeRedirectTarget("/\\evil.example/")).toBe("/files/");
    expect(safeRedirectTarget("https://evil.example/")).toBe("/files/");
  });
});
