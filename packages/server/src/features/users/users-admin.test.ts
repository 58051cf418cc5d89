import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp({ settings: (s) => (s.userHomeBasePath = "/homes") });
  admin = await t.login();
});
afterEach(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  token = admin,
  body?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { "x-auth": token, "content-type": "text/plain;charset=UTF-8" },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

/** What File Browser's user form sends to create a user (API.md Part B §8.3). */
const newUser = (data: Partial<User> & { password?: string }) => ({
  what: "user",
  which: [],
  data: {
    id: 0,
    username: "carla",
    password: "carla-password-1",
    scope: "/carla",
    locale: "it",
    lockPassword: false,
    viewMode: "list",
    singleClick: false,
    perm: {
      admin: false,
      execute: false,
      create: true,
      rename: true,
      modify: true,
      delete: true,
      share: true,
      download: true,
      unzip: false,
    },
    commands: [],
    sorting: { by: "name", asc: true },
    rules: [],
    hideDotfiles: false,
    dateFormat: false,
    ...data,
  },
});

const users = async () => (await call("GET", "/api/users")).json<User[]>();

describe("GET and POST /api/users", () => {
  it("creates a user: 201, Location of the form page, the id ignored, the scope made on disk", async () => {
    const res = await call("POST", "/api/users", admin, newUser({ id: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe("201 Created");
    expect(res.headers.location).toBe("/settings/users/2");
    const list = await users();
    expect(list.map((u) => [u.id, u.username, u.password])).toEqual([
      [1, "admin", ""],
      [2, "carla", ""],
    ]);
    expect(list[1]).toMatchObject({ scope: "/carla", locale: "it", viewMode: "list" });
    expect(list[1]?.perm.unzip).toBe(false);
    expect((await stat(path.join(t.root, "carla"))).isDirectory()).toBe(true);
    expect(await t.login("carla", "carla-password-1")).toMatch(/^ey/);
  });

  it("gives a home folder when the scope is empty and createUserDir is on", async () => {
    const off = await call("POST", "/api/users", admin, newUser({ username: "dino", scope: "" }));
    expect(off.statusCode).toBe(201);
    const settings = (await call("GET", "/api/settings")).json<Record<string, unknown>>();
    await call("PUT", "/api/settings", admin, { ...settings, createUserDir: true });
    const on = await call("POST", "/api/users", admin, newUser({ username: "Él Niño", scope: "" }));
    expect(on.statusCode).toBe(201);
    const list = await users();
    expect(list.find((u) => u.username === "dino")?.scope).toBe(".");
    expect(list.find((u) => u.username === "Él Niño")?.scope).toBe("/homes/-l-Ni-o");
    expect((await stat(path.join(t.root, "homes", "-l-Ni-o"))).isDirectory()).toBe(true);
  });

  it("ticking admin grants every permission and unlocks the password", async () => {
    const body = newUser({ username: "root2", lockPassword: true });
    body.data.perm = { ...body.data.perm, admin: true };
    expect((await call("POST", "/api/users", admin, body)).statusCode).toBe(201);
    const made = (await users()).find((u) => u.username === "root2");
    expect(Object.values(made?.perm ?? {}).every(Boolean)).toBe(true);
    expect(made?.lockPassword).toBe(false);
  });

  it("refuses bad envelopes and fields with a 400 that names the problem, creating nothing", async () => {
    const bad: [object, RegExp][] = [
      [{ ...newUser({}), what: "share" }, /"what"/],
      [{ ...newUser({}), which: ["all"] }, /"which" must be empty/],
      [newUser({ password: "" }), /password must not be empty/],
      [newUser({ password: "short" }), /at least 12/],
      [newUser({ username: "  " }), /username must not be empty/],
      [newUser({ username: "a\u0007b" }), /control characters/],
      [newUser({ username: "x".repeat(101) }), /at most 100/],
      [newUser({ locale: "xx" }), /Unknown locale/],
      [newUser({ scope: "/a\u0000b" }), /scope/],
      [
        newUser({ rules: [{ allow: false, path: "", regex: true, regexp: { raw: "a(b" } }] }),
        /Rule 1: invalid regular expression at its end: missing closing \)/,
      ],
      [
        newUser({ rules: [{ allow: false, path: "private", regex: false, regexp: { raw: "" } }] }),
        /Rule 1: .*starts with "\/"/,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await call("POST", "/api/users", admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    const shape = await call("POST", "/api/users", admin, { what: "user", data: { perm: 3 } });
    expect(shape.statusCode).toBe(400);
    expect((await users()).length).toBe(1);
  });

  it("keeps usernames unique without regard to case, after Unicode NFC (409)", async () => {
    expect((await call("POST", "/api/users", admin, newUser({ username: "Zoë" }))).statusCode).toBe(
      201,
    );
    for (const name of ["zoë", "ZOË", "Zoe\u0308", "  zoë  ", "ADMIN"]) {
      const res = await call("POST", "/api/users", admin, newUser({ username: name }));
      expect(res.statusCode, name).toBe(409);
      expect(errorOf(res).code).toBe("ALREADY_EXISTS");
    }
    // Stored as NFC: the decomposed spelling logs in to the same account.
    expect((await users()).find((u) => u.id === 2)?.username).toBe("Zoë");
    expect(await t.login("Zoe\u0308", "carla-password-1")).toMatch(/^ey/);
    // A rename onto a taken name is 409 too.
    const rename = await call("PUT", "/api/users/2", admin, {
      what: "user",
      which: ["username"],
      data: { id: 2, username: "Admin" },
    });
    expect(rename.statusCode).toBe(409);
  });

  it("is for administrators only", async () => {
    await t.createUser({ username: "bob", password: "bob-password-12" });
    const bob = await t.login("bob", "bob-password-12");
    expect((await call("GET", "/api/users", bob)).statusCode).toBe(403);
    expect((await call("POST", "/api/users", bob, newUser({}))).statusCode).toBe(403);
    expect((await call("DELETE", "/api/users/1", bob)).statusCode).toBe(403);
    // Not even themself: a stolen token cannot erase the account.
    expect((await call("DELETE", "/api/users/2", bob)).statusCode).toBe(403);
    expect((await call("GET", "/api/users", "nope")).statusCode).toBe(401);
    expect((await users()).length).toBe(2);
  });
});

describe("PUT /api/users/{id} with the admin form's envelope", () => {
  it('replaces the whole user with which ["all"]; an empty password keeps the old one', async () => {
    await call("POST", "/api/users", admin, newUser({}));
    const user = (await users())[1] as User;
    const res = await call("PUT", "/api/users/2", admin, {
      what: "user",
      which: ["all"],
      data: { ...user, password: "", locale: "de", scope: "/elsewhere", commands: ["ls", "git"] },
    });
    expect(res.statusCode).toBe(200);
    expect((await users())[1]).toMatchObject({
      locale: "de",
      scope: "/elsewhere",
      commands: ["ls", "git"],
    });
    expect((await stat(path.join(t.root, "elsewhere"))).isDirectory()).toBe(true);
    expect(await t.login("carla", "carla-password-1")).toMatch(/^ey/);
  });

  it("refuses unknown fields, a mismatched id and an invalid rule, changing nothing", async () => {
    await call("POST", "/api/users", admin, newUser({}));
    const before = await users();
    const cases: [object, number][] = [
      [{ what: "user", which: ["Scope2"], data: { id: 2 } }, 400],
      [{ what: "user", which: ["locale"], data: { id: 3, locale: "de" } }, 400],
      [{ what: "user", which: ["password"], data: { id: 2, password: "" } }, 400],
      [
        {
          what: "user",
          which: ["rules"],
          data: {
            id: 2,
            rules: [{ allow: true, path: "", regex: true, regexp: { raw: "[z-a]" } }],
          },
        },
        400,
      ],
      [{ what: "user", which: ["locale"], data: { id: 9, locale: "de" } }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await call("PUT", "/api/users/2", admin, body)).statusCode).toBe(status);
    }
    expect((await call("PUT", "/api/users/9", admin, cases[4]?.[0])).statusCode).toBe(404);
    expect(await users()).toEqual(before);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a user: their sessions end and their share links go; files stay", async () => {
    await call("POST", "/api/users", admin, newUser({}));
    const carla = await t.login("carla", "carla-password-1");
    await t.app.inject({
      method: "POST",
      url: "/api/resources/notes.txt",
      headers: { "x-auth": carla },
      payload: "hello",
    });
    const share = await call("POST", "/api/share/notes.txt", carla, {});
    const hash = share.json<{ hash: string }>().hash;
    expect((await t.app.inject({ url: `/api/public/share/${hash}` })).statusCode).toBe(200);

    const res = await call("DELETE", "/api/users/2");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("200 OK");
    expect((await call("GET", "/api/resources/", carla)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/public/share/${hash}` })).statusCode).toBe(404);
    expect((await call("GET", "/api/shares")).json()).toEqual([]);
    expect((await stat(path.join(t.root, "carla", "notes.txt"))).size).toBe(5);
    expect((await call("DELETE", "/api/users/2")).statusCode).toBe(404);
    await expect(t.login("carla", "carla-password-1")).rejects.toThrow(/403/);
  });

  it("drops the user's uploads in progress with their bytes", async () => {
    await call("POST", "/api/users", admin, newUser({}));
    const carla = await t.login("carla", "carla-password-1");
    const made = await t.app.inject({
      method: "POST",
      url: "/api/tus/big.bin?override=false",
      headers: { "x-auth": carla, "upload-length": "100", "tus-resumable": "1.0.0" },
    });
    expect(made.statusCode).toBe(201);
    const part = await t.app.inject({
      method: "PATCH",
      url: "/api/tus/big.bin?override=false",
      headers: {
        "x-auth": carla,
        "upload-offset": "0",
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
      },
      payload: Buffer.alloc(10, 1),
    });
    expect(part.statusCode).toBe(204);
    expect((await readdir(path.join(t.root, "carla"))).length).toBe(1);
    expect((await call("DELETE", "/api/users/2")).statusCode).toBe(200);
    expect(await readdir(path.join(t.root, "carla"))).toEqual([]);
  });

  it("keeps the last administrator: no deleting, no taking away admin (400 with a message)", async () => {
    const del = await call("DELETE", "/api/users/1");
    expect(del.statusCode).toBe(400);
    expect(errorOf(del).message).toMatch(/last administrator/);
    const admin1 = (await users())[0] as User;
    const demote = await call("PUT", "/api/users/1", admin, {
      what: "user",
      which: ["all"],
      data: { ...admin1, perm: { ...admin1.perm, admin: false } },
    });
    expect(demote.statusCode).toBe(400);
    expect(errorOf(demote).message).toMatch(/last administrator/);
    // With a second admin, the first may go.
    const second = newUser({ username: "root2" });
    second.data.perm = { ...second.data.perm, admin: true };
    await call("POST", "/api/users", admin, second);
    expect((await call("DELETE", "/api/users/1")).statusCode).toBe(200);
    expect((await call("GET", "/api/users")).statusCode).toBe(401);
  });
});
