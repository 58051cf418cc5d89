import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppPassword, AppPasswordCreated } from "@scriptorium/shared";
import { servicesOf } from "../app.js";
import { AppError } from "../errors.js";
import { jsonOf, startTarget, type Target } from "../test/attack-target.js";

/**
 * App passwords (issue 32): the routes without a session or with a forged one, another user's
 * ids, ids that are not ids, bodies oversized or wrongly shaped, a forged cross-site request,
 * and the WebDAV login: another user's password, guessed ids, a revoked password, brute force.
 * The WebDAV login is driven through `davLogin`, the function the /dav/ plugin calls.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({
    extra: [{ name: "bf" }],
    app: { app: { limits: { failedLoginsPerUser: { max: 5, windowMs: 60_000 } } } },
  });
});
afterAll(() => target.close());

const json = { "content-type": "application/json" };
const create = async (user: string | undefined, body: unknown) =>
  target.as(user, "/api/app-passwords", {
    method: "POST",
    headers: json,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const created = async (user: string, body: object = { name: "client" }) => {
  const res = await create(user, body);
  expect(res.status, res.body.toString()).toBe(201);
  return jsonOf<AppPasswordCreated>(res);
};
const list = async (user: string) =>
  jsonOf<AppPassword[]>(await target.as(user, "/api/app-passwords"));
const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
});
/** The WebDAV login's answer: the identity, or the code it throws. */
async function dav(headers: Record<string, string>) {
  const login = servicesOf(target.t.app)?.davLogin;
  if (!login) throw new Error("no davLogin");
  return login.authenticate(headers, "198.51.100.7").catch((err: unknown) => {
    if (err instanceof AppError) return err;
    throw err;
  });
}
const codeOf = (result: unknown) => (result instanceof AppError ? result.code : "OK");

describe("the routes", () => {
  it("are 401 without a session, with an empty, a forged or a cut token", async () => {
    const forged = [undefined, "", "x.y.z", target.tokens.ada.slice(0, -4) + "AAAA"];
    for (const token of forged) {
      const headers: Record<string, string> = token === undefined ? {} : { "x-auth": token };
      for (const [method, url] of [
        ["GET", "/api/app-passwords"],
        ["POST", "/api/app-passwords"],
        ["DELETE", "/api/app-passwords/1"],
      ] as const) {
        const res = await target.send(url, {
          method,
          headers: { ...headers, ...json },
          ...(method === "POST" && { body: JSON.stringify({ name: "forged" }) }),
        });
        expect(res.status, `${method} ${url} ${String(token).slice(0, 10)}`).toBe(401);
      }
    }
    expect(await list("ada")).toEqual([]);
  });

  it("a cross-site form or text/plain request carrying only the cookie creates nothing", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await target.send("/api/app-passwords", {
        method: "POST",
        headers: {
          cookie: `auth=${target.tokens.ada}`,
          origin: "https://evil.example",
          "content-type": type,
        },
        body: JSON.stringify({ name: "forged" }),
      });
      expect(res.status, type).toBe(401);
    }
    expect(await list("ada")).toEqual([]);
  });

  it("another user's id is 404 and revokes nothing; ids that are not ids are 400 or 404", async () => {
    const mine = await created("ada", { name: "ada's" });
    const res = await target.as("eve", `/api/app-passwords/${mine.id}`, { method: "DELETE" });
    expect(res.status).toBe(404);
    // Other spellings of the same number (the validator coerces them) are still ada's.
    for (const spelling of [
      `0x${mine.id.toString(16)}`,
      `${mine.id}.0`,
      `0${mine.id}`,
      `%20${mine.id}`,
    ]) {
      const other = await target.as("eve", `/api/app-passwords/${spelling}`, { method: "DELETE" });
      expect([400, 404], spelling).toContain(other.status);
    }
    for (const id of [
      "0",
      "-1",
      "abc",
      "1.5",
      "1e3",
      "%00",
      "99999999999999999999",
      "9007199254740993",
      `${mine.id}%2F..`,
      `${mine.id}/`,
    ]) {
      const bad = await target.as("ada", `/api/app-passwords/${id}`, { method: "DELETE" });
      expect([400, 404], `${id}: ${bad.status}`).toContain(bad.status);
    }
    expect((await list("ada")).map((p) => p.id)).toEqual([mine.id]);
    expect(codeOf(await dav(basic("ada", mine.password)))).toBe("OK");
    // Eve never sees it.
    expect(await list("eve")).toEqual([]);
  });

  it("oversized, malformed and wrongly typed bodies are refused and keep nothing", async () => {
    const before = (await list("eve")).length;
    const bodies: unknown[] = [
      JSON.stringify({ name: "x".repeat(2_000_000) }),
      "{",
      "null",
      "[]",
      '"name"',
      { name: null },
      { name: { toString: "x" } },
      { name: "ok", readOnly: "perhaps" },
      { name: "ok", readOnly: { valueOf: true } },
      { name: "x".repeat(101) },
      { name: "\u0000" },
      { name: "a\u001bb" },
    ];
    for (const body of bodies) {
      const res = await create("eve", body);
      expect([400, 413], `${JSON.stringify(body).slice(0, 40)}: ${res.status}`).toContain(
        res.status,
      );
    }
    expect(await list("eve")).toHaveLength(before);
  });

  it("a polluted prototype grants nothing: the password stays read-write as asked", async () => {
    const res = await create("eve", '{"name":"proto","__proto__":{"readOnly":true,"id":1}}');
    expect(res.status).toBe(201);
    const made = (await list("eve")).find((p) => p.name === "proto");
    expect(made?.readOnly).toBe(false);
    expect(({} as Record<string, unknown>).readOnly).toBeUndefined();
  });
});

describe("the WebDAV login", () => {
  it("another user's app password, or a guessed id with any secret, is 401", async () => {
    const eve = await created("eve", { name: "eve's" });
    expect(codeOf(await dav(basic("ada", eve.password)))).toBe("UNAUTHORIZED");
    const id = /^scr_(\d+)_/.exec(eve.password)?.[1] ?? "";
    for (const guess of [
      `scr_${id}_${"A".repeat(27)}`,
      `${eve.password}A`,
      eve.password.toLowerCase(),
      eve.password.replace(/^scr_/, "SCR_"),
    ]) {
      expect(codeOf(await dav(basic("eve", guess))), guess).toBe("UNAUTHORIZED");
    }
    expect(codeOf(await dav(basic("eve", eve.password)))).toBe("OK");
  });

  it("a revoked app password is refused at once", async () => {
    const made = await created("ada", { name: "revoked" });
    expect(codeOf(await dav(basic("ada", made.password)))).toBe("OK");
    const res = await target.as("ada", `/api/app-passwords/${made.id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(codeOf(await dav(basic("ada", made.password)))).toBe("UNAUTHORIZED");
  });

  it("a read-only app password says so (the WebDAV layer refuses its writes)", async () => {
    const made = await created("ada", { name: "ro", readOnly: true });
    const identity = await dav(basic("ada", made.password));
    expect(identity).toMatchObject({ readOnly: true, appPasswordId: made.id });
  });

  it("brute force on Basic credentials ends in 429 with Retry-After, for the right password too, and locks the web login", async () => {
    const made = await created("bf", { name: "target" });
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(codeOf(await dav(basic(i % 2 ? "BF" : "bf", `scr_1_${"B".repeat(26)}${i}`))));
    }
    expect(codes).toEqual([
      ...Array<string>(5).fill("UNAUTHORIZED"),
      "RATE_LIMITED",
      "RATE_LIMITED",
    ]);
    const locked = await dav(basic("bf", made.password));
    expect(codeOf(locked)).toBe("RATE_LIMITED");
    expect(Number((locked as AppError).headers["retry-after"])).toBeGreaterThan(0);
    const web = await target.send("/api/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username: "bf", password: "bf-password-12" }),
    });
    expect(web.status).toBe(429);
    // Ada is not locked out by bf's attacker.
    const ada = await created("ada", { name: "still works" });
    expect(codeOf(await dav(basic("ada", ada.password)))).toBe("OK");
  });
});
