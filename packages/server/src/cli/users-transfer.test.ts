import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/database.js";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { createSharesStore } from "../features/shares/shares.store.js";
import { createTrashStore } from "../features/trash/trash.store.js";
import { createUploadsStore } from "../features/tus/uploads.store.js";
import { createUsersStore } from "../features/users/users.store.js";
import { verifyPassword } from "../lib/passwords.js";
import { main } from "./main.js";
import type { ExportedUser } from "./users-transfer.js";
import { testDatabase } from "../test/test-database.js";

let dir: string;
let db: string;
let other: string;
let file: string;

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    argv,
    {},
    { out: (text) => (stdout += text + "\n"), err: (text) => (stderr += text + "\n") },
  );
  return { code, stdout, stderr };
}

async function withDb<T>(name: string, use: (handle: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase(name);
  try {
    return await use(handle);
  } finally {
    await handle.destroy();
  }
}

const exported = () => JSON.parse(readFileSync(file, "utf8")) as ExportedUser[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-users-io-"));
  db = await testDatabase(dir, "a.db");
  other = await testDatabase(dir, "b.db");
  file = path.join(dir, "users.json");
  for (const [name, pw, ...flags] of [
    ["ada", "ada-password-123", "--perm.admin"],
    ["bob", "bob-password-123", "--scope", "/bob", "--locale", "it"],
  ] as const) {
    const res = await cli("users", "add", name, pw, "-d", db, "-r", dir, ...flags);
    expect(res.code, res.stderr).toBe(0);
  }
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scriptorium users export and import", () => {
  it("moves users with their hashes to another database, where the passwords work", async () => {
    expect((await cli("users", "export", file, "-d", db)).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(exported().map((u) => [u.username, u.passwordHash.slice(0, 10)])).toEqual([
      ["ada", "$argon2id$"],
      ["bob", "$argon2id$"],
    ]);
    expect((await cli("users", "add", "zed", "zed-password-123", "-d", other)).code).toBe(0);
    const res = await cli("users", "import", file, "-d", other, "-r", dir);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/added 2 user\(s\), replaced 0/);
    await withDb(other, async (h) => {
      const bob = await createUsersStore(h).findByUsername("bob");
      expect(bob).toMatchObject({ id: 3, scope: "/bob", locale: "it" });
      expect((await verifyPassword(bob?.passwordHash ?? "", "bob-password-123")).ok).toBe(true);
    });
  });

  it("refuses names that exist, unless --replace, which keeps the id and ends sessions", async () => {
    expect((await cli("users", "export", file, "-d", db)).code).toBe(0);
    const users = exported();
    const bob = users[1] as ExportedUser;
    bob.locale = "de";
    bob.username = "BOB";
    await writeFile(file, JSON.stringify(users));
    const refused = await cli("users", "import", file, "-d", db);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/exist already \(use --replace to replace them\): ada, bob/);
    const session = await withDb(db, (h) => createSessionsStore(h).create(2, 60_000));
    const res = await cli("users", "import", file, "-d", db, "--replace");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/added 0 user\(s\), replaced 2/);
    await withDb(db, async (h) => {
      expect(await createUsersStore(h).findById(2)).toMatchObject({
        username: "BOB",
        locale: "de",
      });
      expect((await createSessionsStore(h).find(session.id))?.revokedAt).not.toBeNull();
    });
  });

  it("checks every user as the API does, and writes nothing when one is refused", async () => {
    expect((await cli("users", "export", file, "-d", db)).code).toBe(0);
    const base = exported();
    const cases: [string, (u: ExportedUser[]) => void, RegExp][] = [
      [
        "bad regex",
        (u) => (u[1]!.rules = [{ allow: false, path: "", regex: true, regexp: { raw: "a(" } }]),
        /user 2 \("new-bob"\): Rule 1: invalid regular expression/,
      ],
      ["plain password", (u) => (u[1]!.passwordHash = "hunter2"), /not an Argon2id or bcrypt hash/],
      ["locale", (u) => (u[1]!.locale = "xx"), /Unknown locale: "xx"/],
      ["empty name", (u) => (u[1]!.username = "  "), /username must not be empty/],
      ["twice", (u) => (u[1]!.username = "NEW-ADA"), /"NEW-ADA" is there twice/],
      [
        "not a user",
        (u) => ((u[1] as unknown as { perm: string }).perm = "all"),
        /: \[1\]\.perm must be an object/,
      ],
    ];
    for (const [name, change, message] of cases) {
      const users = structuredClone(base).map((u) => ({ ...u, username: `new-${u.username}` }));
      change(users);
      await writeFile(file, JSON.stringify(users));
      const res = await cli("users", "import", file, "-d", db);
      expect(res.code, name).toBe(2);
      expect(res.stderr, name).toMatch(message);
    }
    expect(await withDb(db, (h) => createUsersStore(h).count())).toBe(2);
  });

  it("keeps the last administrator", async () => {
    expect((await cli("users", "export", file, "-d", db)).code).toBe(0);
    const users = exported().slice(0, 1);
    users[0]!.perm.admin = false;
    await writeFile(file, JSON.stringify(users));
    const res = await cli("users", "import", file, "-d", db, "--replace");
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/last administrator cannot lose the admin permission/);
    const demote = await cli("users", "update", "ada", "--perm.admin=false", "-d", db);
    expect(demote.code).toBe(2);
    expect(demote.stderr).toMatch(/last administrator/);
    expect((await withDb(db, (h) => createUsersStore(h).findById(1)))?.perm.admin).toBe(true);
    const rename = await cli("users", "update", "bob", "--username", "ADA", "-d", db);
    expect(rename.code).toBe(2);
    expect(rename.stderr).toMatch(/already taken/);
  });
});

describe("scriptorium users rm", () => {
  it("ends the user's sessions, deletes their links and drops their staged uploads", async () => {
    const temp = path.join(dir, "bob", ".upload-in-progress");
    await writeFile(temp, "half a file");
    const session = await withDb(db, async (h) => {
      await createSharesStore(h).create({
        hash: "bobs-link",
        path: "/",
        userId: 2,
        expire: 0,
        mode: "read",
        created: 0,
      });
      await createUploadsStore(h).put({
        target: path.join(dir, "bob", "big.bin"),
        temp,
        userId: 2,
        length: 100,
        touchedAt: Date.now(),
      });
      return createSessionsStore(h).create(2, 60_000);
    });
    const res = await cli("users", "rm", "bob", "-d", db, "-r", dir);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /removed user 2 \(bob\): 1 session\(s\) ended, 1 share link\(s\) deleted/,
    );
    await withDb(db, async (h) => {
      expect(await createSessionsStore(h).find(session.id)).toBeUndefined();
      expect(await createSharesStore(h).find("bobs-link")).toBeUndefined();
      expect(await createUploadsStore(h).ofUser(2)).toEqual([]);
    });
    expect(existsSync(temp)).toBe(false);
  });

  it("drops the user's trash, kept beside the database", async () => {
    const data = path.join(dir, "data");
    await mkdir(data);
    const dbFile = path.join(data, "s.db");
    const files = path.join(dir, "files");
    const add = await cli("users", "add", "carl", "carl-password-12", "-d", dbFile, "-r", files);
    expect(add.code, add.stderr).toBe(0);
    const id = (await withDb(dbFile, (h) => createUsersStore(h).findByUsername("carl")))!.id;
    const item = path.join(data, "trash", String(id), "item1");
    await mkdir(item, { recursive: true });
    await writeFile(path.join(item, "a.txt"), "deleted");
    await withDb(dbFile, (h) =>
      createTrashStore(h).insert({
        id: "item1",
        userId: id,
        path: "/a.txt",
        name: "a.txt",
        isDir: false,
        size: 7,
        deletedAt: Date.now(),
        deletedBy: "carl",
        stored: `${id}/item1`,
        state: "kept",
      }),
    );
    const res = await cli("users", "rm", "carl", "-d", dbFile, "-r", files);
    expect(res.code, res.stderr).toBe(0);
    expect(existsSync(path.join(data, "trash", String(id)))).toBe(false);
    expect(await withDb(dbFile, (h) => createTrashStore(h).all())).toEqual([]);
  });
});
