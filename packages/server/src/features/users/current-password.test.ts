import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

// Advisory CVE-2026-25889: a stolen token must not be enough to take the account over.
let t: TestContext;
let bob: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "bob", password: "bob-password-12", fields: { scope: "/bob" } });
  bob = await t.login("bob", "bob-password-12");
});
afterEach(() => t.close());

const put = (token: string, id: number, body: object) =>
  t.app.inject({ method: "PUT", url: `/api/users/${id}`, headers: { "X-Auth": token }, body });

const change = (token: string, id: number, password: string, current?: string) =>
  put(token, id, {
    what: "user",
    which: ["password"],
    ...(current === undefined ? {} : { current_password: current }),
    data: { id, password },
  });

describe("changing a password needs the current one", () => {
  it("refuses a user's own change without it, or with a wrong one", async () => {
    for (const current of [undefined, "", "not-the-password"]) {
      const res = await change(bob, 2, "a-new-password-42", current);
      expect(res.statusCode, String(current)).toBe(400);
      expect(errorOf(res).code).toBe("CURRENT_PASSWORD_INCORRECT");
    }
    await expect(t.login("bob", "a-new-password-42")).rejects.toThrow(/403/);
    await expect(t.login("bob", "bob-password-12")).resolves.toBeTruthy();
  });

  it("does not take it inside data, nor under another spelling", async () => {
    for (const body of [
      {
        which: ["password"],
        data: { id: 2, password: "a-new-password-42", current_password: "bob-password-12" },
      },
      {
        which: ["password"],
        currentPassword: "bob-password-12",
        data: { id: 2, password: "a-new-password-42" },
      },
      {
        which: ["Password"],
        Current_Password: "bob-password-12",
        data: { id: 2, password: "a-new-password-42" },
      },
    ]) {
      const res = await put(bob, 2, { what: "user", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    await expect(t.login("bob", "bob-password-12")).resolves.toBeTruthy();
  });

  it("changes it with the current password in current_password", async () => {
    const res = await change(bob, 2, "a-new-password-42", "bob-password-12");
    expect(res.statusCode).toBe(200);
    await expect(t.login("bob", "a-new-password-42")).resolves.toBeTruthy();
  });

  it("asks an admin for the admin's own password, not the user's", async () => {
    const admin = await t.login();
    const withUsers = await change(admin, 2, "a-new-password-42", "bob-password-12");
    expect(withUsers.statusCode).toBe(400);
    expect(errorOf(withUsers).code).toBe("CURRENT_PASSWORD_INCORRECT");
    expect((await change(admin, 2, "a-new-password-42")).statusCode).toBe(400);
    expect((await change(admin, 2, "a-new-password-42", ADMIN_PASSWORD)).statusCode).toBe(200);
    await expect(t.login("bob", "a-new-password-42")).resolves.toBeTruthy();
  });

  it("applies to a whole-user replacement that sets a password, not to one that keeps it", async () => {
    const admin = await t.login();
    const user = (
      await t.app.inject({ method: "GET", url: "/api/users/2", headers: { "X-Auth": admin } })
    ).json<Record<string, unknown>>();
    const keep = await put(admin, 2, {
      what: "user",
      which: ["all"],
      data: { ...user, password: "", locale: "it" },
    });
    expect(keep.statusCode).toBe(200);
    const set = { what: "user", which: ["all"], data: { ...user, password: "a-new-password-42" } };
    expect((await put(admin, 2, set)).statusCode).toBe(400);
    expect((await put(admin, 2, { ...set, current_password: ADMIN_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("limits wrong guesses per user: 429 after ten, even for the right password", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await change(bob, 2, "a-new-password-42", `guess-${i}`)).statusCode).toBe(400);
    }
    const blocked = await change(bob, 2, "a-new-password-42", "bob-password-12");
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe("RATE_LIMITED");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    await expect(t.login("bob", "bob-password-12")).resolves.toBeTruthy();
    // Another user's count is their own.
    const admin = await t.login();
    expect((await change(admin, 1, "admin-new-password-1", ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it("other fields need no password", async () => {
    const res = await put(bob, 2, {
      what: "user",
      which: ["locale"],
      data: { id: 2, locale: "de" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("is not asked where passwords do not log in (proxy)", async () => {
    await t.close();
    t = await createTestApp({
      server: (c) => {
        c.authMethod = "proxy";
        c.authHeader = "X-Remote-User";
      },
    });
    await t.createUser({ username: "bob", password: "bob-password-12" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "x-remote-user": "bob" },
      payload: {},
    });
    expect((await change(login.body, 2, "a-new-password-42")).statusCode).toBe(200);
  });
});
