import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, decodeJwt, errorOf, type TestContext } from "../../test/helpers.js";
import { createUsersStore } from "../users/users.store.js";

let t: TestContext | undefined;
let verifier: Server | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await new Promise<void>((r) => (verifier ? verifier.close(() => r()) : r()));
  verifier = undefined;
});

const login = (ctx: TestContext, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: "/api/login", payload, headers });

describe("signup", () => {
  it("is 405 while signup is disabled", async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { username: "carla", password: "long-enough-pw" },
    });
    expect(res.statusCode).toBe(405);
    expect(errorOf(res).code).toBe("SIGNUP_DISABLED");
  });

  it("creates a user with the defaults, never admin or execute, then logs in", async () => {
    t = await createTestApp({ settings: (s) => (s.signup = true) });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { username: "carla", password: "long-enough-pw" },
    });
    expect(res.statusCode).toBe(200);
    const token = await t.login("carla", "long-enough-pw");
    const user = decodeJwt(token).user as { perm: Record<string, boolean>; locale: string };
    expect(user.perm.admin).toBe(false);
    expect(user.perm.execute).toBe(false);
    expect(user.perm.create).toBe(true);
    expect(user.locale).toBe("en");
  });

  // Advisories CVE-2026-32760 and CVE-2026-34528: the defaults must not reach admin or execute.
  it("never grants admin, execute or commands, even when the defaults do", async () => {
    t = await createTestApp({
      settings: (s) => {
        s.signup = true;
        s.defaults.perm = { ...s.defaults.perm, admin: true, execute: true, share: true };
        s.defaults.commands = ["git", "ls"];
      },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { username: "mallory", password: "long-enough-pw" },
    });
    expect(res.statusCode).toBe(200);
    const token = await t.login("mallory", "long-enough-pw");
    const user = decodeJwt(token).user as { perm: Record<string, boolean>; commands: string[] };
    expect(user.perm).toMatchObject({ admin: false, execute: false, share: true, create: true });
    expect(user.commands).toEqual([]);
    const settings = await t.app.inject({
      method: "GET",
      url: "/api/settings",
      headers: { "x-auth": token },
    });
    expect(settings.statusCode).toBe(403);
  });

  it("refuses a taken username (case-insensitively), empty fields and short passwords", async () => {
    t = await createTestApp({ settings: (s) => (s.signup = true) });
    const signup = (payload: object) =>
      t!.app.inject({ method: "POST", url: "/api/signup", payload });
    expect((await signup({ username: "Admin", password: "long-enough-pw" })).statusCode).toBe(409);
    expect((await signup({ username: "", password: "long-enough-pw" })).statusCode).toBe(400);
    const short = await signup({ username: "dora", password: "short" });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).code).toBe("PASSWORD_TOO_SHORT");
    expect((await signup({ username: "dora" })).statusCode).toBe(400);
    expect((await login(t, { username: "dora", password: "short" })).statusCode).toBe(403);
  });

  it("makes a home folder when createUserDir is on", async () => {
    t = await createTestApp({
      settings: (s) => {
        s.signup = true;
        s.createUserDir = true;
      },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/signup",
      payload: { username: "eva rossi", password: "long-enough-pw" },
    });
    expect(res.statusCode).toBe(200);
    expect(existsSync(path.join(t.root, "users", "eva-rossi"))).toBe(true);
    const admin = await t.login();
    const user = await t.app.inject({
      method: "GET",
      url: "/api/users/2",
      headers: { "x-auth": admin },
    });
    expect(user.json<{ scope: string }>().scope).toBe("/users/eva-rossi");
  });
});

describe("proxy and noauth", () => {
  it("proxy logs in the user named by the header, and only an existing one", async () => {
    t = await createTestApp({
      server: (c) => {
        c.authMethod = "proxy";
        c.authHeader = "X-Remote-User";
      },
    });
    const ok = await login(t, { username: "", password: "" }, { "x-remote-user": "admin" });
    expect(ok.statusCode).toBe(200);
    expect((decodeJwt(ok.body).user as { id: number }).id).toBe(1);
    expect((await login(t, {}, { "x-remote-user": "nobody" })).statusCode).toBe(403);
    expect((await login(t, { username: "admin", password: "admin-password-123" })).statusCode).toBe(
      403,
    );
  });

  it("noauth logs everyone in as the first user", async () => {
    t = await createTestApp({ server: (c) => (c.authMethod = "noauth") });
    const res = await login(t, { username: "", password: "" });
    expect(res.statusCode).toBe(200);
    expect((decodeJwt(res.body).user as { id: number }).id).toBe(1);
  });
});

describe("reCAPTCHA", () => {
  async function startVerifier(): Promise<string> {
    verifier = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const ok =
          req.url === "/recaptcha/api/siteverify" &&
          form.get("secret") === "captcha-secret" &&
          form.get("response") === "human";
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((r) => verifier!.listen(0, "127.0.0.1", () => r()));
    return `http://127.0.0.1:${(verifier.address() as AddressInfo).port}`;
  }

  it("accepts a verified answer and refuses a wrong or missing one", async () => {
    const host = await startVerifier();
    t = await createTestApp({
      server: (c) => (c.recaptcha = { host, key: "site-key", secret: "captcha-secret" }),
    });
    const creds = { username: "admin", password: "admin-password-123" };
    expect((await login(t, { ...creds, recaptcha: "human" })).statusCode).toBe(200);
    expect((await login(t, { ...creds, recaptcha: "robot" })).statusCode).toBe(403);
    expect((await login(t, creds)).statusCode).toBe(403);
  });

  it("is 500 when the verifier cannot be reached", async () => {
    t = await createTestApp({
      server: (c) => (c.recaptcha = { host: "http://127.0.0.1:1", key: "k", secret: "s" }),
    });
    const res = await login(t, {
      username: "admin",
      password: "admin-password-123",
      recaptcha: "x",
    });
    expect(res.statusCode).toBe(500);
  });
});

describe("rate limits", () => {
  it("limits login requests per IP with 429 and Retry-After", async () => {
    t = await createTestApp({ app: { limits: { loginPerIp: { max: 3, windowMs: 60_000 } } } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await login(t, { username: "admin", password: "wrong-password" })).statusCode);
    }
    expect(codes).toEqual([403, 403, 403, 429]);
    const res = await login(t, { username: "admin", password: "admin-password-123" });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(errorOf(res).code).toBe("RATE_LIMITED");
  });

  it("blocks a username after repeated failures, even from other addresses", async () => {
    t = await createTestApp({
      app: { limits: { failedLoginsPerUser: { max: 2, windowMs: 60_000 } } },
    });
    const from = (ip: string, password: string) =>
      t!.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "ADMIN", password },
        remoteAddress: ip,
      });
    expect((await from("10.0.0.1", "bad-password-1")).statusCode).toBe(403);
    expect((await from("10.0.0.2", "bad-password-2")).statusCode).toBe(403);
    const blocked = await from("10.0.0.3", "admin-password-123");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("imported File Browser passwords", () => {
  it("verifies a bcrypt hash and replaces it with Argon2id at the next login", async () => {
    t = await createTestApp();
    const bcrypt = (await import("bcryptjs")).default;
    const store = createUsersStore(t.db);
    const user = await t.createUser({ username: "imported", password: "placeholder-pw" });
    const record = await store.findById(user.id);
    await store.update({ ...record!, passwordHash: await bcrypt.hash("old-fb-password", 10) });

    expect((await login(t, { username: "imported", password: "wrong-password" })).statusCode).toBe(
      403,
    );
    expect((await store.findById(user.id))!.passwordHash).toMatch(/^\$2[aby]\$/);
    expect((await login(t, { username: "imported", password: "old-fb-password" })).statusCode).toBe(
      200,
    );
    expect((await store.findById(user.id))!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(t, { username: "imported", password: "old-fb-password" })).statusCode).toBe(
      200,
    );
  });
});
