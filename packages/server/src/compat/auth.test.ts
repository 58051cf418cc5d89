/** File Browser's login, token transport and renew calls (API.md Part B §1). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimsOf, errorBody, login, PASSWORD, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
});
afterEach(() => c.t.close());

describe("login (§1.4)", () => {
  it("answers the JSON login with the bare token as text/plain", async () => {
    const res = await login(c.base, "ada", PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // no JSON, no quotes, no newline
  });

  it("also reads the JSON body when it comes as text/plain (§0.5)", async () => {
    const res = await fetch(`${c.base}/api/login`, {
      method: "POST",
      body: JSON.stringify({ username: "ada", password: PASSWORD, recaptcha: "" }),
    });
    expect(res.status).toBe(200);
    expect((await res.text()).split(".")).toHaveLength(3);
  });

  it("answers wrong credentials with 403, which the login page shows as such (§1.7)", async () => {
    const res = await login(c.base, "ada", "not-the-password");
    expect(res.status).toBe(403);
    await errorBody(res);
  });
});

describe("token contents (§1.2)", () => {
  it("carries the user object the web client reads, without verifying it", () => {
    const claims = claimsOf(c.token);
    expect(claims.iss).toBe("File Browser");
    expect(typeof claims.exp).toBe("number");
    expect(typeof claims.iat).toBe("number");
    // Lifetime: the default tokenExpirationTime, 2 h.
    expect((claims.exp as number) - (claims.iat as number)).toBe(7200);
    const user = claims.user as Record<string, unknown>;
    expect(user).toMatchObject({
      id: expect.any(Number) as number,
      locale: expect.any(String) as string,
      viewMode: expect.any(String) as string,
      singleClick: expect.any(Boolean) as boolean,
      commands: expect.any(Array) as unknown[],
      lockPassword: expect.any(Boolean) as boolean,
      hideDotfiles: expect.any(Boolean) as boolean,
      dateFormat: expect.any(Boolean) as boolean,
    });
    expect(Object.keys(user.perm as object).sort()).toEqual(
      [
        "admin",
        "create",
        "delete",
        "download",
        "execute",
        "modify",
        "rename",
        "share",
        "unzip",
      ].sort(),
    );
    expect((user.perm as Record<string, boolean>).admin).toBe(false);
    expect(user).not.toHaveProperty("sorting");
  });
});

describe("token transport (§1.1)", () => {
  it("takes the token from X-Auth", async () => {
    expect((await c.api("/api/resources/")).status).toBe(200);
  });

  it("takes it from ?auth= when X-Auth is empty, as logged-out pages and downloads send", async () => {
    const res = await c.api(`/api/resources/?auth=${c.token}`, { token: "" });
    expect(res.status).toBe(200);
  });

  it("takes it from the auth cookie for GET only", async () => {
    const cookie = { Cookie: `auth=${c.token}` };
    expect((await c.api("/api/resources/", { token: "", headers: cookie })).status).toBe(200);
    const post = await c.api("/api/resources/made-by-cookie/", {
      method: "POST",
      token: "",
      headers: cookie,
    });
    expect(post.status).toBe(401);
  });

  it("uses the first JWT-shaped value even when it is invalid", async () => {
    const [head, body] = c.token.split(".");
    const forged = `${head}.${body}.AAAA`;
    const res = await c.api(`/api/resources/?auth=${c.token}`, { token: forged });
    expect(res.status).toBe(401);
    await errorBody(res);
  });

  it("answers a missing token with 401, which makes the client log out (§1.7)", async () => {
    const res = await c.api("/api/resources/", { token: "" });
    expect(res.status).toBe(401);
    await errorBody(res);
  });
});

describe("renew (§1.3, §1.4)", () => {
  it("gives a new token as text with X-Renew-Token: false", async () => {
    // The web client POSTs (§1.4); the reference's any-method routing is not replayed.
    const res = await c.api("/api/renew", { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-renew-token")).toBe("false");
    const token = await res.text();
    expect(token.split(".")).toHaveLength(3);
    expect((claimsOf(token).user as { id: number }).id).toBe(
      (claimsOf(c.token).user as { id: number }).id,
    );
    expect((await c.api("/api/resources/", { token })).status).toBe(200);
  });

  it("asks for a renew after the user was updated (X-Renew-Token: true)", async () => {
    const before = await c.api("/api/resources/");
    expect(before.headers.get("x-renew-token")).not.toBe("true");
    // The comparison is in whole seconds: update in a later second than the token's iat.
    await new Promise((r) => setTimeout(r, 1100));
    const id = (claimsOf(c.token).user as { id: number }).id;
    const put = await c.api(`/api/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: ["locale"], data: { id, locale: "it" } }),
    });
    expect(put.status).toBe(200);
    const after = await c.api("/api/resources/");
    expect(after.headers.get("x-renew-token")).toBe("true");
    const renewed = await (await c.api("/api/renew", { method: "POST" })).text();
    expect((claimsOf(renewed).user as { locale: string }).locale).toBe("it");
  });

  it("refuses renew without a valid token (401)", async () => {
    expect((await c.api("/api/renew", { method: "POST", token: "" })).status).toBe(401);
  });
});

describe("signup (§1.4, §1.7)", () => {
  const signup = (base: string, username: string, password: string) =>
    fetch(`${base}/api/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
    });

  it("answers 405 while signup is off", async () => {
    const res = await signup(c.base, "newcomer", "a-long-password-1");
    expect(res.status).toBe(405);
    await errorBody(res);
  });

  it("creates the account, then the client logs in; a taken name is 409", async () => {
    await c.t.close();
    c = await startCompat((s) => (s.signup = true));
    const res = await signup(c.base, "newcomer", "a-long-password-1");
    expect(res.status).toBe(200);
    expect((await login(c.base, "newcomer", "a-long-password-1")).status).toBe(200);
    const taken = await signup(c.base, "newcomer", "another-password-2");
    expect(taken.status).toBe(409);
    await errorBody(taken);
  });
});
