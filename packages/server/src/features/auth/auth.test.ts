import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, decodeJwt, errorOf, type TestContext } from "../../test/helpers.js";
import { createSettingsStore } from "../settings/settings.store.js";

let t: TestContext;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const me = (headers: Record<string, string>, url = "/api/users/1") =>
  t.app.inject({ method: "GET", url, headers });

describe("login", () => {
  it("answers the token as plain text with the user claim", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "admin", password: "admin-password-123" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body.split(".")).toHaveLength(3);
    const claims = decodeJwt(res.body) as {
      user: { id: number; perm: { admin: boolean } };
      exp: number;
      iat: number;
    };
    expect(claims.user.id).toBe(1);
    expect(claims.user.perm.admin).toBe(true);
    expect(claims.exp - claims.iat).toBe(2 * 3600);
  });

  it("parses JSON sent as text/plain, as File Browser clients do", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ username: "admin", password: "admin-password-123" }),
    });
    expect(res.statusCode).toBe(200);
  });

  it("gives the same 403 for a wrong password and an unknown user", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "admin", password: "nope-nope-nope" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ghost", password: "nope-nope-nope" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(errorOf(wrong)).toEqual(errorOf(unknown));
    expect(errorOf(wrong).code).toBe("WRONG_CREDENTIALS");
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/JSON/);
  });
});

describe("token transport", () => {
  it("accepts the X-Auth header, the auth query and the auth cookie on GET", async () => {
    const token = await t.login();
    expect((await me({ "x-auth": token })).statusCode).toBe(200);
    expect((await me({}, `/api/users/1?auth=${token}`)).statusCode).toBe(200);
    expect((await me({ cookie: `other=1; auth=${token}` })).statusCode).toBe(200);
    expect((await me({})).statusCode).toBe(401);
  });

  it("does not accept the cookie for other methods", async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/1",
      headers: { cookie: `auth=${token}` },
      payload: { what: "user", which: ["locale"], data: { id: 1, locale: "it" } },
    });
    expect(res.statusCode).toBe(401);
  });

  it("ignores an X-Auth value that is not shaped like a JWT and falls back", async () => {
    const token = await t.login();
    expect((await me({ "x-auth": "" }, `/api/users/1?auth=${token}`)).statusCode).toBe(200);
  });
});

describe("refused tokens", () => {
  async function secret() {
    return createSettingsStore(t.db).getSecret();
  }

  it("refuses a token whose payload was changed", async () => {
    const token = await t.login();
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p ?? "", "base64url").toString()) as {
      user: { id: number };
    };
    payload.user.id = 2;
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
    expect((await me({ "x-auth": forged })).statusCode).toBe(401);
  });

  it("refuses an expired token", async () => {
    const token = await t.login();
    const claims = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ user: claims.user, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("File Browser")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(await secret());
    expect((await me({ "x-auth": expired })).statusCode).toBe(401);
  });

  it("refuses alg none and other HMAC algorithms", async () => {
    const token = await t.login();
    const claims = decodeJwt(token);
    const none =
      Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url") +
      "." +
      Buffer.from(JSON.stringify(claims)).toString("base64url") +
      ".";
    expect((await me({ "x-auth": none })).statusCode).toBe(401);
    const hs512 = await new SignJWT({ user: claims.user, sid: claims.sid })
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer("File Browser")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(await secret());
    expect((await me({ "x-auth": hs512 })).statusCode).toBe(401);
  });

  it("refuses a token issued in the future", async () => {
    const token = await t.login();
    const claims = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const future = await new SignJWT({ user: claims.user, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("File Browser")
      .setIssuedAt(now + 600)
      .setExpirationTime(now + 7200)
      .sign(await secret());
    expect((await me({ "x-auth": future })).statusCode).toBe(401);
  });
});

describe("renew and logout", () => {
  it("renew rotates the session and answers a new working token", async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/renew",
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-renew-token"]).toBe("false");
    const fresh = res.body;
    expect(fresh).not.toBe(token);
    expect(decodeJwt(fresh).sid).not.toBe(decodeJwt(token).sid);
    expect((await me({ "x-auth": fresh })).statusCode).toBe(200);
    // The replaced token keeps working for requests already in flight (30 s grace).
    expect((await me({ "x-auth": token })).statusCode).toBe(200);
  });

  it("renew without a token is 401", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/renew" });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe("UNAUTHORIZED");
  });

  it("logout revokes the token", async () => {
    const token = await t.login();
    const other = await t.login();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(204);
    expect((await me({ "x-auth": token })).statusCode).toBe(401);
    const renew = await t.app.inject({
      method: "POST",
      url: "/api/renew",
      headers: { "x-auth": token },
    });
    expect(renew.statusCode).toBe(401);
    // Another session of the same user is untouched.
    expect((await me({ "x-auth": other })).statusCode).toBe(200);
  });

  it("asks for a renewal after the user changed", async () => {
    const token = await t.login();
    const before = await me({ "x-auth": token });
    expect(before.headers["x-renew-token"]).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100));
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/users/1",
      headers: { "x-auth": token },
      payload: { what: "user", which: ["locale"], data: { id: 1, locale: "it" } },
    });
    expect(put.statusCode).toBe(200);
    const after = await me({ "x-auth": token });
    expect(after.headers["x-renew-token"]).toBe("true");
    const renewed = await t.app.inject({
      method: "POST",
      url: "/api/renew",
      headers: { "x-auth": token },
    });
    expect((decodeJwt(renewed.body).user as { locale: string }).locale).toBe("it");
  });
});
