import bcrypt from "bcryptjs";
import type { IncomingHttpHeaders } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { AppPasswordCreated, ServerConfig, Settings } from "@scriptorium/shared";
import { servicesOf } from "../../app.js";
import { AppError } from "../../errors.js";
import { ADMIN_PASSWORD, createTestApp, type TestContext } from "../../test/helpers.js";
import type { DavIdentity } from "./dav-login.js";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const BOB_PASSWORD = "bob-password-12";

async function start(
  opts: {
    settings?: (s: Settings) => void;
    server?: (c: ServerConfig) => void;
    failures?: number;
    perAddress?: number;
  } = {},
) {
  t = await createTestApp({
    settings: opts.settings,
    server: opts.server,
    app: {
      limits: {
        loginPerIp: { max: opts.perAddress ?? 1000, windowMs: 60_000 },
        failedLoginsPerUser: { max: opts.failures ?? 10, windowMs: 60_000 },
      },
    },
  });
  await t.createUser({ username: "bob", password: BOB_PASSWORD });
  return t;
}

const services = () => {
  const s = t && servicesOf(t.app);
  if (!s) throw new Error("no app");
  return s;
};

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
});

const authenticate = (headers: IncomingHttpHeaders, ip = "203.0.113.9") =>
  services().davLogin.authenticate(headers, ip);

/** The error `authenticate` throws: its code and headers. */
async function refusal(headers: IncomingHttpHeaders, ip?: string): Promise<AppError> {
  let identity: DavIdentity | undefined;
  try {
    identity = await authenticate(headers, ip);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`not refused: ${identity.user.username}`);
}

async function newAppPassword(token: string, body: object = { name: "client" }) {
  const res = await t!.app.inject({
    method: "POST",
    url: "/api/app-passwords",
    headers: { "x-auth": token },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<AppPasswordCreated>();
}

const bobToken = () => t!.login("bob", BOB_PASSWORD);

async function setWebdav(change: Partial<Settings["webdav"]>) {
  const s = await services().settings.getSettings();
  await services().settings.setSettings({ ...s, webdav: { ...s.webdav, ...change } });
}

describe("WebDAV login with Basic credentials", () => {
  it("accepts an app password of the user, read-write or read-only", async () => {
    await start();
    const token = await bobToken();
    const rw = await newAppPassword(token);
    const ro = await newAppPassword(token, { name: "rclone", readOnly: true });
    const a = await authenticate(basic("bob", rw.password));
    expect(a).toMatchObject({ readOnly: false, appPasswordId: rw.id, user: { username: "bob" } });
    // The username is matched as the login matches it.
    const b = await authenticate(basic("BOB", ro.password));
    expect(b).toMatchObject({ readOnly: true, appPasswordId: ro.id, user: { username: "bob" } });
    // Remembered: the same answer again.
    expect(await authenticate(basic("bob", ro.password))).toMatchObject({ readOnly: true });
  });

  it("refuses missing, malformed and wrong credentials with 401", async () => {
    await start();
    const { password } = await newAppPassword(await bobToken());
    const wrongSecret = password.slice(0, -1) + (password.endsWith("A") ? "B" : "A");
    const cases: IncomingHttpHeaders[] = [
      {},
      { authorization: "" },
      { authorization: "Bearer abc" },
      { authorization: "Basic" },
      { authorization: "Basic !!!" },
      { authorization: `Basic ${Buffer.from("no-colon").toString("base64")}` },
      { authorization: `Basic ${Buffer.from(":only-password").toString("base64")}` },
      { authorization: `Basic ${"A".repeat(10_000)}` },
      basic("bob", wrongSecret),
      basic("bob", ""),
      basic("admin", password),
      basic("nobody", password),
      basic("bob", password + "x"),
    ];
    for (const headers of cases) {
      const err = await refusal(headers);
      expect(err.code, JSON.stringify(headers).slice(0, 80)).toBe("UNAUTHORIZED");
      expect(err.status).toBe(401);
    }
  });

  it("refuses the account password unless the admin allows it, then verifies it as the login does", async () => {
    await start();
    expect((await refusal(basic("bob", BOB_PASSWORD))).code).toBe("UNAUTHORIZED");
    await setWebdav({ allowAccountPassword: true });
    expect(await authenticate(basic("bob", BOB_PASSWORD))).toMatchObject({
      appPasswordId: null,
      readOnly: false,
      user: { username: "bob" },
    });
    expect((await refusal(basic("bob", "not-the-password"))).code).toBe("UNAUTHORIZED");
    // Switched off again: refused at once, even right after a remembered success.
    await setWebdav({ allowAccountPassword: false });
    expect((await refusal(basic("bob", BOB_PASSWORD))).code).toBe("UNAUTHORIZED");
  });

  it("accepts a File Browser bcrypt hash when the account password is allowed, and rehashes it", async () => {
    await start({ settings: (s) => (s.webdav.allowAccountPassword = true) });
    const { users } = services();
    const bob = await users.findByUsername("bob");
    if (!bob) throw new Error("no bob");
    await users.update({ ...bob, passwordHash: bcrypt.hashSync("imported-password", 4) });
    expect(await authenticate(basic("bob", "imported-password"))).toMatchObject({
      user: { username: "bob" },
    });
    expect((await users.findByUsername("bob"))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stops an account password at once when it changes", async () => {
    await start({ settings: (s) => (s.webdav.allowAccountPassword = true) });
    await authenticate(basic("bob", BOB_PASSWORD));
    await services().usersService.change((await services().users.findByUsername("bob"))!.id, {
      password: "another-password-34",
    });
    expect((await refusal(basic("bob", BOB_PASSWORD))).code).toBe("UNAUTHORIZED");
    expect(await authenticate(basic("bob", "another-password-34"))).toMatchObject({
      appPasswordId: null,
    });
  });

  it("refuses a revoked app password at once, even right after a remembered success", async () => {
    await start();
    const token = await bobToken();
    const { id, password } = await newAppPassword(token);
    await authenticate(basic("bob", password));
    await authenticate(basic("bob", password));
    const res = await t!.app.inject({
      method: "DELETE",
      url: `/api/app-passwords/${id}`,
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(204);
    expect((await refusal(basic("bob", password))).code).toBe("UNAUTHORIZED");
  });

  it("refuses a deleted user's app password at once", async () => {
    await start();
    const { password } = await newAppPassword(await bobToken());
    const bob = await authenticate(basic("bob", password));
    await services().usersService.delete(bob.user.id);
    expect((await refusal(basic("bob", password))).code).toBe("UNAUTHORIZED");
    // A new user of the same name does not inherit it.
    await t!.createUser({ username: "bob", password: BOB_PASSWORD });
    expect((await refusal(basic("bob", password))).code).toBe("UNAUTHORIZED");
  });

  it("writes failed logins in the activity log, as the web login does", async () => {
    await start();
    await refusal(basic("mallory\u0007", "guess-guess-guess"));
    await refusal(basic("bob", "scr_1_AAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    const rows = await t!.db
      .selectFrom("activity")
      .select(["action", "username", "detail", "user_id"])
      .where("action", "=", "login-failed")
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { action: "login-failed", username: "mallory", detail: "webdav", user_id: null },
      { action: "login-failed", username: "bob", detail: "webdav", user_id: null },
    ]);
  });
});

describe("the failed-login limit shared with /api/login", () => {
  const webLogin = (password: string) =>
    t!.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "bob", password },
    });

  it("failures over Basic lock /api/login out, the right password too", async () => {
    await start({ failures: 3 });
    const { password } = await newAppPassword(await bobToken());
    for (let i = 0; i < 3; i++) {
      expect((await refusal(basic("Bob", `guess-${i}`))).code).toBe("UNAUTHORIZED");
    }
    const web = await webLogin(BOB_PASSWORD);
    expect(web.statusCode).toBe(429);
    expect(Number(web.headers["retry-after"])).toBeGreaterThan(0);
    // And the right app password over Basic too.
    const locked = await refusal(basic("bob", password));
    expect(locked.code).toBe("RATE_LIMITED");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // Another user is not locked out.
    expect(
      (
        await t!.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { username: "admin", password: ADMIN_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("failures at /api/login lock Basic out, even a remembered app password", async () => {
    await start({ failures: 3 });
    const { password } = await newAppPassword(await bobToken());
    await authenticate(basic("bob", password));
    for (let i = 0; i < 3; i++) expect((await webLogin(`guess-${i}-xxxxxx`)).statusCode).toBe(403);
    expect((await refusal(basic("bob", password))).code).toBe("RATE_LIMITED");
  });

  it("successes over Basic do not reset the count (an attacker gets no fresh allowance)", async () => {
    await start({ failures: 3 });
    const { password } = await newAppPassword(await bobToken());
    for (let i = 0; i < 2; i++) {
      await refusal(basic("bob", `guess-${i}`));
      await authenticate(basic("bob", password));
    }
    await refusal(basic("bob", "guess-2"));
    expect((await refusal(basic("bob", password))).code).toBe("RATE_LIMITED");
  });
});

describe("guesses sent at once", () => {
  it("cannot all pass the limit while the first ones are verified", async () => {
    await start({ failures: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refusal(basic("bob", `parallel-guess-${i}`))),
    );
    const codes = results.map((err) => err.code);
    expect(codes.filter((c) => c === "UNAUTHORIZED")).toHaveLength(3);
    expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(17);
  });

  it("a client's parallel first requests all pass, verified once, and use none of the allowance", async () => {
    await start({ failures: 3 });
    const { id, password } = await newAppPassword(await bobToken());
    const identities = await Promise.all(
      Array.from({ length: 12 }, () => authenticate(basic("bob", password))),
    );
    for (const identity of identities) expect(identity.appPasswordId).toBe(id);
    for (let i = 0; i < 3; i++) {
      expect((await refusal(basic("bob", `guess-${i}`))).code).toBe("UNAUTHORIZED");
    }
    expect((await refusal(basic("bob", "guess-3"))).code).toBe("RATE_LIMITED");
  });
});

describe("the failed-login limit per address", () => {
  it("guesses spread over many usernames from one address end in 429; another address is not locked", async () => {
    await start({ perAddress: 4 });
    const { password } = await newAppPassword(await bobToken());
    const v6 = (host: number) => `2001:db8:1:2::${host.toString(16)}`;
    for (let i = 0; i < 4; i++) {
      // Every address of one IPv6 /64 counts as one.
      expect((await refusal(basic(`user${i}`, "guess"), v6(i + 1))).code).toBe("UNAUTHORIZED");
    }
    const locked = await refusal(basic("bob", password), v6(99));
    expect(locked.code).toBe("RATE_LIMITED");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(await authenticate(basic("bob", password), "2001:db8:1:3::1")).toMatchObject({
      appPasswordId: expect.any(Number) as number,
    });
    expect(await authenticate(basic("bob", password), "198.51.100.1")).toMatchObject({
      user: { username: "bob" },
    });
  });
});

describe("WebDAV login by the other methods", () => {
  it("proxy: the configured header names the user; missing or unknown is 401", async () => {
    await start({
      server: (c) => {
        c.authMethod = "proxy";
        c.authHeader = "X-Remote-User";
      },
    });
    expect(await authenticate({ "x-remote-user": "bob" })).toMatchObject({
      readOnly: false,
      appPasswordId: null,
      user: { username: "bob" },
    });
    expect((await refusal({})).code).toBe("UNAUTHORIZED");
    expect((await refusal({ "x-remote-user": "nobody" })).code).toBe("UNAUTHORIZED");
    // Basic credentials do not replace the header.
    expect((await refusal(basic("bob", BOB_PASSWORD))).code).toBe("UNAUTHORIZED");
  });

  it("noauth: the first user, whatever is sent", async () => {
    await start({ server: (c) => (c.authMethod = "noauth") });
    expect((await authenticate({})).user.username).toBe("admin");
    expect((await authenticate(basic("bob", "anything"))).user.username).toBe("admin");
  });
});
