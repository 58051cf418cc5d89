import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { createUsersStore } from "../features/users/users.store.js";
import { verifyPassword } from "../lib/passwords.js";
import { main } from "./main.js";
import { testDatabase } from "../test/test-database.js";

let dir: string;
let db: string;

/** Runs the command in this process, as the bin file does, capturing what it prints. */
async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    argv,
    {},
    {
      out: (text) => (stdout += text + "\n"),
      err: (text) => (stderr += text + "\n"),
    },
  );
  return { code, stdout, stderr };
}

async function passwordIs(username: string, password: string): Promise<boolean> {
  const handle = await openDatabase(db);
  try {
    const user = await createUsersStore(handle).findByUsername(username);
    return user ? (await verifyPassword(user.passwordHash, password)).ok : false;
  } finally {
    await handle.destroy();
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-cli-pw-"));
  db = await testDatabase(dir, "s.db");
  const add = await cli("users", "add", "bob", "bob-password-12", "-d", db, "-r", dir);
  expect(add.code, add.stderr).toBe(0);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// Issue 9 finding 9: `users update --password` skipped the minimum length.
describe("scriptorium users update --password", () => {
  it("refuses a password shorter than the minimum and keeps the old one", async () => {
    for (const short of ["short", "", "elevenchars"]) {
      const res = await cli("users", "update", "bob", "--password", short, "-d", db);
      expect(res.code, short).toBe(2);
      expect(res.stderr).toMatch(/at least 12 characters|must not be empty/);
    }
    expect(await passwordIs("bob", "bob-password-12")).toBe(true);
  });

  it("follows minimumPasswordLength from the server settings", async () => {
    expect((await cli("config", "set", "-d", db, "--minimumPasswordLength", "20")).code).toBe(0);
    const res = await cli("users", "update", "bob", "--password", "only-16-chars-xx", "-d", db);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/at least 20 characters/);
  });

  it("sets a long enough password", async () => {
    const res = await cli("users", "update", "bob", "--password", "a-new-password-42", "-d", db);
    expect(res.code, res.stderr).toBe(0);
    expect(await passwordIs("bob", "a-new-password-42")).toBe(true);
  });
});

describe("scriptorium users update --scope", () => {
  it("makes the new scope's folder under the files folder, as the API does", async () => {
    const res = await cli("users", "update", "bob", "--scope", "/team/bob", "-d", db, "-r", dir);
    expect(res.code, res.stderr).toBe(0);
    expect((await stat(path.join(dir, "team", "bob"))).isDirectory()).toBe(true);
    // A scope climbing out stays inside the files folder.
    const up = await cli("users", "update", "bob", "--scope", "/../../escape", "-d", db, "-r", dir);
    expect(up.code, up.stderr).toBe(0);
    expect((await stat(path.join(dir, "escape"))).isDirectory()).toBe(true);
  });
});
