import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersStore } from "../features/users/users.store.js";
import { expectSafe, PASSWORDS, startTarget, type Target } from "../test/attack-target.js";
import { decodeJwt } from "../test/helpers.js";

/**
 * Sessions and tokens (File Browser advisories on JWT handling and session revocation; API.md
 * Part A §4): forged, re-signed, expired, revoked and stolen tokens never authenticate.
 */
let target: Target;
let secret: Uint8Array;

beforeAll(async () => {
  target = await startTarget({ extra: [{ name: "gone" }] });
  secret = await createSettingsStore(target.t.db).getSecret();
});
afterAll(() => target.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

/** ada's claims with the user claim turned into the admin's. */
function adminClaims(): Record<string, unknown> {
  const claims = decodeJwt(target.tokens.ada);
  return { ...claims, user: { ...(claims.user as object), id: 1, perm: { admin: true } } };
}

function sign(claims: Record<string, unknown>, key: Uint8Array, alg = "HS256") {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(key);
}

const PROTECTED = [
  "/api/resources/",
  "/api/raw/doc.tex",
  "/api/usage/",
  "/api/users/1",
  "/api/settings",
  "/api/preview/thumb/pub/pic.png",
  "/api/subtitle/pub/subs.srt",
  "/api/raw-inline/pub/page.html",
];

describe("forged tokens", () => {
  const forgeries: [string, () => Promise<string> | string][] = [
    ["alg none", () => `${b64({ alg: "none", typ: "JWT" })}.${b64(adminClaims())}.`],
    ["alg None with a signature", () => `${b64({ alg: "None" })}.${b64(adminClaims())}.c2ln`],
    ["HS256 with a wrong key", () => sign(adminClaims(), new TextEncoder().encode("x".repeat(64)))],
    ["HS256 with an empty key", () => sign(adminClaims(), new Uint8Array(1))],
    ["HS384 with the right key", () => sign(decodeJwt(target.tokens.ada), secret, "HS384")],
    ["HS512 with the right key", () => sign(decodeJwt(target.tokens.ada), secret, "HS512")],
    [
      "a changed payload under the old signature",
      () => {
        const [h, , s] = target.tokens.ada.split(".");
        return `${h}.${b64(adminClaims())}.${s}`;
      },
    ],
    [
      "RS256 header on an HMAC signature",
      () => {
        const [, p, s] = target.tokens.ada.split(".");
        return `${b64({ alg: "RS256", typ: "JWT" })}.${p}.${s}`;
      },
    ],
    ["garbage in JWT shape", () => "abc.def.ghi"],
    ["an empty token", () => ".."],
    [
      "expired (right key)",
      () => sign({ ...decodeJwt(target.tokens.ada), iat: now() - 7200, exp: now() - 60 }, secret),
    ],
    [
      "issued in the future (right key)",
      () => sign({ ...decodeJwt(target.tokens.ada), iat: now() + 3600 }, secret),
    ],
    [
      "without a session id (right key)",
      () => sign({ ...decodeJwt(target.tokens.ada), sid: undefined }, secret),
    ],
    [
      "an unknown session id (right key)",
      () => sign({ ...decodeJwt(target.tokens.ada), sid: "no-such-session" }, secret),
    ],
    ["ada's session with the admin's id (right key)", () => sign(adminClaims(), secret)],
    ["a 12 KiB token", () => `${"a".repeat(6000)}.${"b".repeat(6000)}.${"c".repeat(300)}`],
  ];
  for (const [name, forge] of forgeries) {
    it(name, async () => {
      const token = await forge();
      for (const url of PROTECTED) {
        const transports: Record<string, string>[] = [
          { "x-auth": token },
          { cookie: `auth=${token}` },
        ];
        for (const headers of transports) {
          const res = await target.send(url, { headers });
          expectSafe(target, res, `${name} ${url}`);
          expect([401, 431], `${name} ${url}`).toContain(res.status);
        }
        const query = await target.send(`${url}${url.includes("?") ? "&" : "?"}auth=${token}`);
        expect([401, 414, 431], `${name} ?auth ${url}`).toContain(query.status);
      }
    });
  }

  it("the real token works (the control)", async () => {
    for (const url of PROTECTED.filter((u) => !/users\/1|settings/.test(u))) {
      const res = await target.as("ada", url);
      expect(res.status, url).toBeLessThan(400);
    }
  });
});

describe("ended sessions", () => {
  async function login(name: "ada" | "eve") {
    const res = await target.send("/api/login", {
      method: "POST",
      body: JSON.stringify({ username: name, password: PASSWORDS[name] }),
    });
    return res.body.toString();
  }

  it("a token is refused after logout, also for a minted inline page", async () => {
    const token = await login("ada");
    const minted = await target.send("/api/raw-inline/pub/page.html", {
      headers: { "x-auth": token },
    });
    const page = String(minted.headers.location);
    expect((await target.send(page)).status).toBe(200);
    const out = await target.send("/api/logout", {
      method: "POST",
      headers: { "x-auth": token },
    });
    expect(out.status).toBeLessThan(300);
    expect((await target.send("/api/resources/", { headers: { "x-auth": token } })).status).toBe(
      401,
    );
    const after = await target.send(page);
    expectSafe(target, after, "inline after logout");
    expect(after.status).toBeGreaterThanOrEqual(400);
    expect(after.body.toString()).not.toContain("public page");
    const renew = await target.send("/api/renew", {
      method: "POST",
      headers: { "x-auth": token },
    });
    expect(renew.status).toBe(401);
  });

  it("one's list never holds another user's logins, even from the same device and address (issue 31)", async () => {
    const ada = await login("ada");
    const eve = await login("eve");
    const listOf = async (token: string) =>
      JSON.parse(
        (await target.send("/api/sessions", { headers: { "x-auth": token } })).body.toString(),
      ) as { id: string }[];
    const adas = await listOf(ada);
    const eves = await listOf(eve);
    expect(adas.length).toBeGreaterThan(0);
    expect(eves.length).toBeGreaterThan(0);
    expect(adas.filter((s) => eves.some((e) => e.id === s.id))).toEqual([]);
    // Ending, one by one, every handle of eve's list from ada's token ends none of them.
    for (const { id } of eves) {
      const res = await target.send(`/api/sessions/${id}`, {
        method: "DELETE",
        headers: { "x-auth": ada },
      });
      expectSafe(target, res, "ending another user's session");
      expect(res.status).toBe(404);
    }
    expect((await target.send("/api/resources/", { headers: { "x-auth": eve } })).status).toBe(200);
  });

  it("a password change ends the user's other sessions, not the current one", async () => {
    const stolen = await login("eve");
    const own = await login("eve");
    const res = await target.send("/api/users/3", {
      method: "PUT",
      headers: { "x-auth": own },
      body: JSON.stringify({
        what: "user",
        which: ["password"],
        current_password: PASSWORDS.eve,
        data: { id: 3, password: "eve-new-password-42" },
      }),
    });
    expect(res.status).toBe(200);
    expect((await target.send("/api/resources/", { headers: { "x-auth": stolen } })).status).toBe(
      401,
    );
    expect((await target.send("/api/resources/", { headers: { "x-auth": own } })).status).toBe(200);
  });

  it("a stolen token cannot change the password without the current one (CVE-2026-25889)", async () => {
    const res = await target.as("ada", "/api/users/2", {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["password"],
        data: { id: 2, password: "taken-over-1234" },
      }),
    });
    expectSafe(target, res, "takeover");
    expect(res.status).toBe(400);
    const relog = await target.send("/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "ada", password: PASSWORDS.ada }),
    });
    expect(relog.status).toBe(200);
  });

  it("a deleted user's token is refused", async () => {
    await createUsersStore(target.t.db).remove(4);
    const res = await target.as("gone", "/api/resources/");
    expectSafe(target, res, "deleted user");
    expect(res.status).toBe(401);
  });

  it("a tampered inline capability is refused", async () => {
    const minted = await target.as("ada", "/api/raw-inline/pub/page.html");
    const page = String(minted.headers.location);
    const [, , , capability = "", ...rest] = page.split("/");
    const [body = "", mac = ""] = capability.split(".");
    const tampered = [
      `${body}.${mac.slice(0, -2)}AA`,
      `${Buffer.from(JSON.stringify({ user: 1, folder: "/" })).toString("base64url")}.${mac}`,
      `${body}.`,
      body,
      "x".repeat(5000),
    ];
    for (const cap of tampered) {
      const res = await target.send(`/api/inline/${cap}/${rest.join("/")}`);
      expectSafe(target, res, cap.slice(0, 40));
      expect(res.status, cap.slice(0, 40)).toBeGreaterThanOrEqual(400);
    }
  });
});
