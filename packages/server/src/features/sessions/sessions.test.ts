import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionInfo } from "@scriptorium/shared";
import { createTestApp, decodeJwt, type TestContext } from "../../test/helpers.js";
import { describeDevice } from "./device.js";

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "bob", password: "bob-password-12" });
});
afterEach(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function loginFrom(userAgent: string, username = "bob", password = "bob-password-12") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { "user-agent": userAgent },
    remoteAddress: "203.0.113.7",
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const call = (method: "GET" | "DELETE" | "POST", url: string, token: string) =>
  t.app.inject({ method, url, headers: { "x-auth": token } });
const list = async (token: string) =>
  (await call("GET", "/api/sessions", token)).json<SessionInfo[]>();
const works = async (token: string) => (await call("GET", "/api/resources/", token)).statusCode;

describe("one's sessions", () => {
  it("lists each login with its device, address and last use, never the session id", async () => {
    const laptop = await loginFrom(FIREFOX);
    const phone = await loginFrom(SAFARI);
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: "Firefox on Linux", address: "203.0.113.7" });
    expect(sessions.find((s) => !s.current)?.device).toBe("Safari on iOS");
    const sid = String(decodeJwt(laptop).sid);
    expect(JSON.stringify(sessions)).not.toContain(sid);
    for (const s of sessions) expect(Date.parse(s.lastUsedAt)).toBeGreaterThan(0);
    // The admin's sessions are not bob's business.
    await t.login();
    expect(await list(phone)).toHaveLength(2);
  });

  it("ends one session, or every other one; the ended tokens get 401 at once", async () => {
    const a = await loginFrom(FIREFOX);
    const b = await loginFrom(SAFARI);
    const c = await loginFrom("curl/8.5.0");
    const other = (await list(a)).find((s) => s.device === "Safari on iOS");
    expect((await call("DELETE", `/api/sessions/${other?.id ?? ""}`, a)).statusCode).toBe(204);
    expect(await works(b)).toBe(401);
    expect(await works(c)).toBe(200);
    expect((await call("DELETE", `/api/sessions/${other?.id ?? ""}`, a)).statusCode).toBe(404);
    const ended = await call("DELETE", "/api/sessions", a);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await works(c)).toBe(401);
    expect(await works(a)).toBe(200);
    expect((await list(a)).map((s) => s.current)).toEqual([true]);
  });

  it("cannot end another user's session, even knowing its handle", async () => {
    const bob = await loginFrom(FIREFOX);
    const admin = await t.login();
    const adminHandle = (await list(admin))[0]?.id ?? "";
    expect((await call("DELETE", `/api/sessions/${adminHandle}`, bob)).statusCode).toBe(404);
    expect(await works(admin)).toBe(200);
  });

  it("keeps the login's device and time through a renewal", async () => {
    const first = await loginFrom(FIREFOX);
    const before = (await list(first))[0];
    const renewed = (await call("POST", "/api/renew", first)).body;
    const after = await list(renewed);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      device: "Firefox on Linux",
      createdAt: before?.createdAt,
      current: true,
    });
  });
});

describe("pruning (issue 31)", () => {
  const rows = async () =>
    (await t.db.selectFrom("sessions").select(["id", "user_id"]).execute()).length;
  const HOUR = 3_600_000;

  it("deletes at login the sessions unused for the token lifetime, and the ended ones", async () => {
    const old = await loginFrom(FIREFOX);
    const ended = await loginFrom(SAFARI);
    const kept = await loginFrom("curl/8.5.0");
    await call("POST", "/api/logout", ended);
    // Last used 3 h ago, still valid by its own expiry (the lifetime was 4 h then, now 2 h).
    const longAgo = Date.now() - 3 * HOUR;
    await t.db
      .updateTable("sessions")
      .set({ created_at: longAgo, login_at: longAgo, last_used_at: longAgo })
      .where("id", "=", String(decodeJwt(old).sid))
      .execute();
    expect(await rows()).toBe(3);
    await loginFrom(FIREFOX);
    expect(await rows()).toBe(2);
    expect(await works(old)).toBe(401);
    expect(await works(kept)).toBe(200);
  });

  it("deletes them before a list is shown, and keeps a renewed session's predecessor until it expires", async () => {
    const mine = await loginFrom(FIREFOX);
    const stale = await loginFrom(SAFARI);
    const renewed = (await call("POST", "/api/renew", mine)).body;
    await t.db
      .updateTable("sessions")
      .set({ last_used_at: Date.now() - 2 * HOUR - 60_000 })
      .where("id", "=", String(decodeJwt(stale).sid))
      .execute();
    const before = await rows();
    const shown = await list(renewed);
    expect(shown.map((s) => s.device)).toEqual(["Firefox on Linux"]);
    expect(await rows()).toBe(before - 1);
    // The replaced token still works for its grace period, its row kept.
    expect(await works(mine)).toBe(200);
  });

  it("sends the browser and system apart, for the web to say them in its language", async () => {
    const token = await loginFrom(FIREFOX);
    expect((await list(token))[0]).toMatchObject({ browser: "Firefox", system: "Linux" });
    const curl = await loginFrom("curl/8.5.0");
    const shown = (await list(curl)).find((s) => s.current);
    expect(shown).toMatchObject({ browser: "curl" });
    expect(shown).not.toHaveProperty("system");
  });
});

describe("a user's sessions, for admins", () => {
  it("lists and ends them; others get 403, unknown users 404", async () => {
    const bob = await loginFrom(FIREFOX);
    const admin = await t.login();
    const shown = (await call("GET", "/api/users/2/sessions", admin)).json<SessionInfo[]>();
    expect(shown.map((s) => [s.device, s.current])).toEqual([["Firefox on Linux", false]]);
    expect((await call("GET", "/api/users/1/sessions", bob)).statusCode).toBe(403);
    expect((await call("DELETE", "/api/users/1/sessions", bob)).statusCode).toBe(403);
    expect((await call("GET", "/api/users/9/sessions", admin)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/users/2/sessions", admin)).json()).toEqual({ ended: 1 });
    expect(await works(bob)).toBe(401);
    // Ending one's own from the admin page keeps the session in use.
    expect((await call("DELETE", "/api/users/1/sessions", admin)).json()).toEqual({ ended: 0 });
    expect(await works(admin)).toBe(200);
  });
});

describe("describeDevice", () => {
  it("names common browsers and systems", () => {
    expect(describeDevice(FIREFOX)).toBe("Firefox on Linux");
    expect(describeDevice(SAFARI)).toBe("Safari on iOS");
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(describeDevice("")).toBe("");
    expect(describeDevice("curl/8.5.0")).toBe("curl");
  });
});
