import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let bob: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "bob", password: "bob-password-12", fields: { scope: "/bob" } });
  bob = await t.login("bob", "bob-password-12");
});
afterEach(() => t.close());

const put = (token: string, id: number, body: object) =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${id}`,
    headers: { "x-auth": token },
    payload: body,
  });
const get = (token: string, id: number) =>
  t.app.inject({ method: "GET", url: `/api/users/${id}`, headers: { "x-auth": token } });

describe("GET /api/users/{id}", () => {
  it("shows a user their own record without password or scope", async () => {
    const res = await get(bob, 2);
    expect(res.statusCode).toBe(200);
    const user = res.json<Record<string, unknown>>();
    expect(user.username).toBe("bob");
    expect(user.password).toBe("");
    expect(user.scope).toBe("");
    expect(Object.keys(user)).not.toContain("passwordHash");
  });

  it("shows admins the scope and forbids other users' records", async () => {
    const admin = await t.login();
    expect((await get(admin, 2)).json<{ scope: string }>().scope).toBe("/bob");
    expect((await get(bob, 1)).statusCode).toBe(403);
    expect((await get(admin, 99)).statusCode).toBe(404);
    expect((await get(admin, 0)).statusCode).toBe(400);
  });
});

describe("PUT /api/users/{id}", () => {
  const prefs = {
    what: "user",
    which: ["locale", "hideDotfiles", "singleClick", "dateFormat", "viewMode", "sorting"],
    data: {
      id: 2,
      locale: "it",
      hideDotfiles: true,
      singleClick: true,
      dateFormat: true,
      viewMode: "list",
      sorting: { by: "size", asc: false },
    },
  };

  it("saves the preferences a user changes for themselves", async () => {
    expect((await put(bob, 2, prefs)).statusCode).toBe(200);
    const user = (await get(bob, 2)).json<Record<string, unknown>>();
    expect(user).toMatchObject({
      locale: "it",
      hideDotfiles: true,
      singleClick: true,
      dateFormat: true,
      viewMode: "list",
      sorting: { by: "size", asc: false },
    });
  });

  it("accepts the JSON body sent as text/plain", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/2",
      headers: { "x-auth": bob, "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ what: "user", which: ["locale"], data: { id: 2, locale: "ar" } }),
    });
    expect(res.statusCode).toBe(200);
    expect((await get(bob, 2)).json<{ locale: string }>().locale).toBe("ar");
  });

  it("refuses bad envelopes and values with 400 and changes nothing", async () => {
    const cases = [
      { ...prefs, what: "share" },
      { ...prefs, data: { ...prefs.data, id: 3 } },
      { ...prefs, which: ["locale", "favouriteColour"] },
      { what: "user", which: ["locale"], data: { id: 2, locale: "xx" } },
      { what: "user", which: ["locale"], data: { id: 2 } },
      { what: "user", which: ["viewMode"], data: { id: 2, viewMode: "grid" } },
    ];
    for (const body of cases) {
      const res = await put(bob, 2, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message.length).toBeGreaterThan(0);
    }
    expect((await get(bob, 2)).json<{ locale: string }>().locale).toBe("en");
  });

  it("forbids users from changing admin-only fields or other users", async () => {
    const perm = await put(bob, 2, {
      what: "user",
      which: ["perm"],
      data: {
        id: 2,
        perm: {
          admin: true,
          execute: true,
          create: true,
          rename: true,
          modify: true,
          delete: true,
          share: true,
          download: true,
          unzip: true,
        },
      },
    });
    expect(perm.statusCode).toBe(403);
    expect(
      (await put(bob, 2, { what: "user", which: ["scope"], data: { id: 2, scope: "/" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(bob, 1, { what: "user", which: ["locale"], data: { id: 1, locale: "it" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(bob, 2, { what: "user", which: ["all"], data: { id: 2, locale: "it" } }))
        .statusCode,
    ).toBe(403);
  });

  it("changes the password, checks its length and revokes the other sessions", async () => {
    const other = await t.login("bob", "bob-password-12");
    const short = await put(bob, 2, {
      what: "user",
      which: ["password"],
      current_password: "bob-password-12",
      data: { id: 2, password: "short" },
    });
    expect(short.statusCode).toBe(400);
    const empty = await put(bob, 2, {
      what: "user",
      which: ["password"],
      current_password: "bob-password-12",
      data: { id: 2, password: "" },
    });
    expect(empty.statusCode).toBe(400);
    const ok = await put(bob, 2, {
      what: "user",
      which: ["password"],
      current_password: "bob-password-12",
      data: { id: 2, password: "a-new-password-42" },
    });
    expect(ok.statusCode).toBe(200);
    expect((await get(bob, 2)).statusCode).toBe(200);
    expect((await get(other, 2)).statusCode).toBe(401);
    await expect(t.login("bob", "bob-password-12")).rejects.toThrow(/403/);
    await expect(t.login("bob", "a-new-password-42")).resolves.toBeTruthy();
  });

  it("refuses a password change when the password is locked", async () => {
    const admin = await t.login();
    await put(admin, 2, {
      what: "user",
      which: ["lockPassword"],
      data: { id: 2, lockPassword: true },
    });
    const res = await put(bob, 2, {
      what: "user",
      which: ["password"],
      data: { id: 2, password: "a-new-password-42" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("never lets the last admin lose the admin permission", async () => {
    const admin = await t.login();
    const res = await put(admin, 1, {
      what: "user",
      which: ["perm"],
      data: {
        id: 1,
        perm: {
          admin: false,
          execute: true,
          create: true,
          rename: true,
          modify: true,
          delete: true,
          share: true,
          download: true,
          unzip: true,
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/last administrator/);
  });
});
