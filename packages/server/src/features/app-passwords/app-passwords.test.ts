import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppPassword, AppPasswordCreated } from "@scriptorium/shared";
import { servicesOf } from "../../app.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { APP_PASSWORDS_PER_USER } from "./app-passwords.service.js";

let t: TestContext;
let bob: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "bob", password: "bob-password-12" });
  bob = await t.login("bob", "bob-password-12");
});
afterEach(() => t.close());

const create = (token: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/app-passwords",
    headers: { "x-auth": token },
    payload: payload as object,
  });
const list = async (token: string) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/app-passwords",
    headers: { "x-auth": token },
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, items: res.json<AppPassword[]>() };
};
const remove = (token: string, id: number | string) =>
  t.app.inject({ method: "DELETE", url: `/api/app-passwords/${id}`, headers: { "x-auth": token } });
const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
});

describe("app passwords", () => {
  it("are created with their password shown once, listed newest first without secrets", async () => {
    const first = await create(bob, { name: "  TeXstudio  " });
    expect(first.statusCode).toBe(201);
    const a = first.json<AppPasswordCreated>();
    expect(Object.keys(a).sort()).toEqual(["id", "password"]);
    expect(a.password).toMatch(/^scr_\d+_[A-Za-z0-9]{27}$/);
    const b = (await create(bob, { name: "rclone", readOnly: true })).json<AppPasswordCreated>();
    expect(b.password).not.toBe(a.password);

    const { body, items } = await list(bob);
    expect(items.map((p) => [p.id, p.name, p.readOnly])).toEqual([
      [b.id, "rclone", true],
      [a.id, "TeXstudio", false],
    ]);
    for (const p of items) {
      expect(Object.keys(p).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "readOnly"]);
      expect(Date.parse(p.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(p.lastUsedAt).toBeNull();
    }
    for (const secret of [a.password, b.password]) {
      expect(body).not.toContain(secret.slice(-27));
    }
    expect(body).not.toContain("$argon2");
    // Another user sees none of them.
    expect((await list(await t.login())).items).toEqual([]);
  });

  it("show their last use after a WebDAV login with them", async () => {
    const { id, password } = (await create(bob, { name: "davfs2" })).json<AppPasswordCreated>();
    const davLogin = servicesOf(t.app)?.davLogin;
    const identity = await davLogin?.authenticate(basic("bob", password), "127.0.0.1");
    expect(identity).toMatchObject({
      appPasswordId: id,
      readOnly: false,
      user: { username: "bob" },
    });
    const used = (await list(bob)).items[0];
    expect(used?.lastUsedAt).not.toBeNull();
    expect(Date.parse(used?.lastUsedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("are revoked by their owner only; another user's id is 404 and stays", async () => {
    const { id } = (await create(bob, { name: "laptop" })).json<AppPasswordCreated>();
    const admin = await t.login();
    const foreign = await remove(admin, id);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe("NOT_FOUND");
    expect((await list(bob)).items).toHaveLength(1);
    expect((await remove(bob, id)).statusCode).toBe(204);
    expect((await list(bob)).items).toEqual([]);
    expect((await remove(bob, id)).statusCode).toBe(404);
  });

  it("refuse bad bodies with 400 and keep nothing", async () => {
    const bad: unknown[] = [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: "a\u0000b" },
      { name: "line\nbreak" },
      { name: "bell\u0007" },
      { name: "a\u2028b" },
      { name: "del\u007fete" },
      { name: "ok", readOnly: "yes" },
      { name: { text: "x" } },
      { name: ["x"] },
      [],
      "name",
    ];
    for (const payload of bad) {
      const res = await create(bob, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
    expect((await list(bob)).items).toEqual([]);
    // As on every route (http/fastify.ts), unknown fields are dropped, never kept.
    const extra = await create(bob, { name: "ok", extra: 1, userId: 1, password: "mine" });
    expect(extra.statusCode).toBe(201);
    expect(extra.json<AppPasswordCreated>().password).not.toBe("mine");
    expect((await list(bob)).items.map((p) => p.name)).toEqual(["ok"]);
    // 100 characters is the most, counted as characters, not UTF-16 units.
    expect((await create(bob, { name: "é".repeat(100) })).statusCode).toBe(201);
    expect((await create(bob, { name: "😀".repeat(100) })).statusCode).toBe(201);
    expect((await create(bob, { name: "😀".repeat(101) })).statusCode).toBe(400);
  });

  it(`hold ${APP_PASSWORDS_PER_USER} at most per user`, async () => {
    const results = await Promise.all(
      Array.from({ length: APP_PASSWORDS_PER_USER + 3 }, (_, i) => create(bob, { name: `n${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(APP_PASSWORDS_PER_USER);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused && errorOf(refused).message).toMatch(/revoke one/);
    expect((await list(bob)).items).toHaveLength(APP_PASSWORDS_PER_USER);
    // Another user has their own allowance.
    expect((await create(await t.login(), { name: "admin's" })).statusCode).toBe(201);
  }, 60_000);

  it("go with their user", async () => {
    const { id } = (await create(bob, { name: "gone" })).json<AppPasswordCreated>();
    const store = servicesOf(t.app);
    const user = await store?.users.findByUsername("bob");
    const admin = await t.login();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${user?.id ?? 0}`,
      headers: { "x-auth": admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom("app_passwords").selectAll().execute();
    expect(rows.find((r) => r.id === id)).toBeUndefined();
  });

  it("need a login", async () => {
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/app-passwords" }),
      await t.app.inject({ method: "POST", url: "/api/app-passwords", payload: { name: "x" } }),
      await t.app.inject({ method: "DELETE", url: "/api/app-passwords/1" }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});
