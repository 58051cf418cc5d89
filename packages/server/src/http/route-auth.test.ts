import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPermissions, routes, type RouteContract } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../test/helpers.js";

/**
 * The auth mode of every route contract, enforced by defineRoute before anything else runs:
 * no token is 401 on every route with a login, and a non-admin gets 403 on every admin route
 * whatever the body (never a validation error about it).
 */
const contracts: [string, RouteContract][] = Object.entries(routes);
const adminRoutes = contracts.filter(([, c]) => c.auth === "admin");
const loginRoutes = contracts.filter(([, c]) => c.auth !== "none");

/** A concrete URL of a contract: ids of nobody, a file that does not exist. */
function sampleUrl(contract: RouteContract): string {
  return contract.url
    .replace(":id", "9999")
    .replace(":size", "thumb")
    .replace(/:\w+/g, "x")
    .replace(/\*$/, "nothing.txt");
}

/** Bodies a prober might send: none, empty, not JSON, JSON of the wrong shape. */
const BODIES: [string, string | undefined][] = [
  ["no body", undefined],
  ["an empty body", ""],
  ["a body that is not JSON", "{not json"],
  ["JSON of the wrong shape", '[1, {"what": 5, "data": null}]'],
];

let ctx: TestContext;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  // Every permission but admin: the refusal is the admin mode's, not a missing permission.
  await ctx.createUser({
    username: "nearly",
    password: "nearly-password-12",
    fields: { scope: "/nearly", perm: { ...allPermissions(), admin: false } },
  });
  userToken = await ctx.login("nearly", "nearly-password-12");
  adminToken = await ctx.login();
});
afterAll(() => ctx.close());

const send = (contract: RouteContract, token: string | undefined, body?: string) =>
  ctx.app.inject({
    method: contract.method,
    url: sampleUrl(contract),
    headers: {
      ...(token && { "x-auth": token }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { payload: body }),
  });

describe("every contract marked admin", () => {
  it("is walked: the contracts hold the admin routes", () => {
    expect(adminRoutes.map(([name]) => name)).toEqual(
      expect.arrayContaining(["listUsers", "createUser", "updateSettings", "rulesPreview"]),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
  });

  for (const [name, contract] of adminRoutes) {
    for (const [label, body] of BODIES) {
      it(`${name}: a non-admin with ${label} gets 403`, async () => {
        const res = await send(contract, userToken, body);
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe("FORBIDDEN");
      });
    }
    it(`${name}: an admin is not refused (a 403 only for its own reasons)`, async () => {
      const res = await send(contract, adminToken, contract.method === "GET" ? undefined : "{}");
      expect(res.statusCode).not.toBe(401);
      if (res.statusCode === 403) expect(errorOf(res).message).not.toMatch(/administrators/i);
    });
  }

  it("a refused request changed nothing: the settings and the users are as they were", async () => {
    const users = await ctx.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { "x-auth": adminToken },
    });
    expect(users.json<{ username: string }[]>().map((u) => u.username)).toEqual([
      "admin",
      "nearly",
    ]);
  });
});

describe("every contract with a login", () => {
  it("is walked", () => expect(loginRoutes.length).toBeGreaterThan(30));
  for (const [name, contract] of loginRoutes) {
    it(`${name}: without a token is 401, whatever the body`, async () => {
      for (const body of [undefined, "{not json"]) {
        const res = await send(contract, undefined, contract.method === "GET" ? undefined : body);
        expect(res.statusCode).toBe(401);
      }
    });
  }
});
