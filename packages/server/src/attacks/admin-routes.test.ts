import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes, type RouteContract, type User } from "@scriptorium/shared";
import { jsonOf, startTarget, type SendOptions, type Target } from "../test/attack-target.js";

/**
 * Every admin route of the contracts, probed by a signed-in non-admin over a real socket with
 * bodies meant to reach the validation or the parser first (issue 28): each is 403 before the
 * body is read, never a 400 or 413 that would tell what the route expects, and nothing changes.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({ extra: [{ name: "victim", scope: "/victim" }] });
});
afterAll(() => target.close());

const adminRoutes = Object.entries(routes).filter(([, c]) => c.auth === "admin");

/** A concrete URL: the victim's id (4) where a user id goes. */
const urlOf = (contract: RouteContract) => contract.url.replace(":id", "4");

const json = { "content-type": "application/json" };
const PROBES: [string, SendOptions][] = [
  ["no body", {}],
  ["an empty JSON body", { body: "", headers: json }],
  ["a body that is not JSON", { body: "{what", headers: json }],
  ["JSON as text/plain", { body: '{"what":"user"}', headers: { "content-type": "text/plain" } }],
  ["an array", { body: "[]", headers: json }],
  ["wrong types", { body: '{"scope":5,"rules":"all","perm":"all"}', headers: json }],
  [
    "__proto__ with admin",
    { body: '{"__proto__":{"admin":true},"perm":{"admin":true}}', headers: json },
  ],
  [
    "a user envelope making an admin",
    {
      body: JSON.stringify({
        what: "user",
        which: [],
        data: { username: "mallory", password: "mallory-password-1", perm: { admin: true } },
      }),
      headers: json,
    },
  ],
  [
    "a body over the JSON limit (2 MiB)",
    { body: `"${"a".repeat(2 * 1024 * 1024)}"`, headers: json },
  ],
  ["a chunked body", { body: '{"a":1}', headers: { ...json, "transfer-encoding": "chunked" } }],
  [
    "a binary content type",
    { body: "\u0000\u0001", headers: { "content-type": "application/octet-stream" } },
  ],
];

describe("every admin contract, as a non-admin", () => {
  it("walks the admin routes of the contracts", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
  });
  for (const [name, contract] of adminRoutes) {
    for (const [label, probe] of PROBES) {
      it(`${name} (${contract.method} ${contract.url}) with ${label} is 403`, async () => {
        const res = await target.as("ada", urlOf(contract), { method: contract.method, ...probe });
        expect(res.status).toBe(403);
        expect(jsonOf<{ code: string }>(res).code).toBe("FORBIDDEN");
      });
    }
  }

  it("changed nothing: the users are as they were, nobody became an admin", async () => {
    const users = jsonOf<User[]>(await target.as("admin", "/api/users"));
    expect(users.map((u) => u.username)).toEqual(["admin", "ada", "eve", "victim"]);
    expect(users.filter((u) => u.perm.admin).map((u) => u.username)).toEqual(["admin"]);
  });
});
