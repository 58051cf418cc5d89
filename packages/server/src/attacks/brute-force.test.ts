import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { RawResponse } from "../test/http.js";
import { ADMIN_PASSWORD, createTestApp, type TestContext } from "../test/helpers.js";

/**
 * Brute force (File Browser advisories on unlimited login attempts; API.md §1): login and
 * sign-up are limited per address, failures per username whatever the address, and the answer
 * never tells an unknown user from a wrong password.
 */
let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const raw = (res: LightMyRequestResponse): RawResponse => ({
  status: res.statusCode,
  headers: res.headers as RawResponse["headers"],
  body: res.rawPayload,
});

function expectClean(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  expect(res.body.includes(t!.dir), label).toBe(false);
  return raw(res);
}

/** A login from an address; every answer is checked (no 5xx, no server path). */
async function login(body: object, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  const res = await t!.app.inject({
    method: "POST",
    url: "/api/login",
    payload: body,
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: opts.headers,
  });
  expectClean(res, "login");
  return res;
}

describe("per address", () => {
  it("a burst of logins from one address ends in 429 with Retry-After, the right password too", async () => {
    t = await createTestApp({ app: { limits: { loginPerIp: { max: 5, windowMs: 60_000 } } } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        expectClean(await login({ username: `user${i}`, password: "guess-123456" }), "guess")
          .status,
      );
    }
    expect(codes).toEqual([403, 403, 403, 403, 403]);
    const right = await login({ username: "admin", password: ADMIN_PASSWORD });
    expectClean(right, "right");
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a spoofed X-Forwarded-For does not open a new allowance", async () => {
    t = await createTestApp({ app: { limits: { loginPerIp: { max: 3, windowMs: 60_000 } } } });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(
        { username: `user${i}`, password: "guess-123456" },
        { headers: { "x-forwarded-for": `10.9.8.${i}`, "x-real-ip": `10.9.9.${i}` } },
      );
      codes.push(expectClean(res, "spoof").status);
    }
    expect(codes.slice(3)).toEqual([429, 429, 429]);
  });

  it("behind a trusted proxy, each forwarded client has its own allowance; a spoofer elsewhere has none", async () => {
    t = await createTestApp({
      app: {
        limits: { loginPerIp: { max: 2, windowMs: 60_000 } },
        trustedProxies: ["127.0.0.1", "10.1.0.0/16"],
      },
    });
    const guess = (ip: string, forwarded: string) =>
      login(
        { username: "nobody", password: "guess-123456" },
        { ip, headers: { "x-forwarded-for": forwarded } },
      );
    // Two clients through the proxy (the second through a second proxy hop in the network).
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await guess("127.0.0.1", "198.51.100.1")).statusCode);
    expect(first).toEqual([403, 403, 429]);
    expect((await guess("10.1.2.3", "198.51.100.2, 10.1.0.9")).statusCode).toBe(403);
    // A client spoofing the header from its own address: the header is not read.
    const spoofed = [];
    for (let i = 0; i < 3; i++) {
      spoofed.push((await guess("203.0.113.5", `192.0.2.${i}`)).statusCode);
    }
    expect(spoofed).toEqual([403, 403, 429]);
    // Nor a forged hop in front of a trusted proxy: the client is the last untrusted address.
    expect((await guess("127.0.0.1", "192.0.2.200, 198.51.100.1")).statusCode).toBe(429);
  });

  it("sign-up shares the limit", async () => {
    t = await createTestApp({
      settings: (s) => (s.signup = true),
      app: { limits: { loginPerIp: { max: 3, windowMs: 60_000 } } },
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/signup",
        payload: { username: `bot${i}`, password: "bot-password-123" },
      });
      codes.push(expectClean(res, "signup").status);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });
});

describe("per username", () => {
  it("failures from many addresses block the name, in any spelling of it", async () => {
    t = await createTestApp({
      app: { limits: { failedLoginsPerUser: { max: 3, windowMs: 60_000 } } },
    });
    const spellings = ["admin", "ADMIN", "Admin"];
    for (const [i, username] of spellings.entries()) {
      const res = await login({ username, password: `wrong-${i}-password` }, { ip: `10.0.0.${i}` });
      expect(expectClean(res, username).status).toBe(403);
    }
    const blocked = await login(
      { username: "aDmIn", password: ADMIN_PASSWORD },
      { ip: "10.0.1.1" },
    );
    expectClean(blocked, "blocked");
    expect(blocked.statusCode).toBe(429);
  });

  it("blocking one name does not lock out another user", async () => {
    t = await createTestApp({
      app: { limits: { failedLoginsPerUser: { max: 2, windowMs: 60_000 } } },
    });
    await t.createUser({ username: "bob", password: "bob-password-12" });
    for (let i = 0; i < 3; i++)
      await login({ username: "admin", password: `wrong-${i}` }, { ip: `10.1.0.${i}` });
    const bob = await login({ username: "bob", password: "bob-password-12" }, { ip: "10.1.1.1" });
    expect(bob.statusCode).toBe(200);
  });

  it("a success resets the count", async () => {
    t = await createTestApp({
      app: { limits: { failedLoginsPerUser: { max: 2, windowMs: 60_000 } } },
    });
    await login({ username: "admin", password: "wrong-1" }, { ip: "10.2.0.1" });
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD }, { ip: "10.2.0.2" })).statusCode,
    ).toBe(200);
    await login({ username: "admin", password: "wrong-2" }, { ip: "10.2.0.3" });
    expect(
      (await login({ username: "admin", password: ADMIN_PASSWORD }, { ip: "10.2.0.4" })).statusCode,
    ).toBe(200);
  });
});

describe("the current password of a password change", () => {
  it("a stolen token cannot guess it without limit", async () => {
    t = await createTestApp();
    const token = await t.login();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/users/1",
        headers: { "x-auth": token },
        payload: {
          what: "user",
          which: ["password"],
          current_password: `guess-${i}-password`,
          data: { id: 1, password: "taken-over-password" },
        },
      });
      codes.push(expectClean(res, "guess").status);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});

describe("no user enumeration", () => {
  it("an unknown user and a wrong password get the same answer", async () => {
    t = await createTestApp();
    const unknown = await login(
      { username: "nobody-here", password: "guess-123456" },
      { ip: "10.3.0.1" },
    );
    const wrong = await login({ username: "admin", password: "guess-123456" }, { ip: "10.3.0.2" });
    expectClean(unknown, "unknown");
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });

  for (const body of [
    {},
    { username: "admin" },
    { password: ADMIN_PASSWORD },
    { username: ["admin"], password: ADMIN_PASSWORD },
    { username: { $ne: "" }, password: { $ne: "" } },
    { username: "admin\u0000", password: ADMIN_PASSWORD },
    { username: "admin' OR '1'='1", password: "' OR '1'='1" },
    { username: "a".repeat(100_000), password: "b".repeat(100_000) },
  ]) {
    it(`malformed credentials never log in: ${JSON.stringify(body).slice(0, 50)}`, async () => {
      t = await createTestApp();
      const res = await login(body, { ip: "10.4.0.1" });
      expectClean(res, "malformed");
      expect([400, 403]).toContain(res.statusCode);
    });
  }
});
