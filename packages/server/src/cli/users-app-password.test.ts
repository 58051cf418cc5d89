import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { createAppPasswordsStore } from "../features/app-passwords/app-passwords.store.js";
import { createDavLogin } from "../features/app-passwords/dav-login.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersStore } from "../features/users/users.store.js";
import { createAttemptCounter } from "../lib/attempts.js";
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

/** Logs in over WebDAV (the server's own login) with `password`; the identity or undefined. */
async function davLogin(username: string, password: string) {
  const handle = await openDatabase(db);
  try {
    const login = createDavLogin({
      users: createUsersStore(handle),
      settings: createSettingsStore(handle),
      appPasswords: createAppPasswordsStore(handle),
      attempts: createAttemptCounter({ max: 100, windowMs: 60_000 }),
    });
    const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
    return await login.authenticate({ authorization }, "127.0.0.1").catch(() => undefined);
  } finally {
    await handle.destroy();
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-cli-app-pw-"));
  db = await testDatabase(dir, "s.db");
  for (const name of ["bob", "ana"]) {
    const add = await cli("users", "add", name, `${name}-password-12`, "-d", db, "-r", dir);
    expect(add.code, add.stderr).toBe(0);
  }
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scriptorium users app-password", () => {
  it("add prints the password alone; it logs in over WebDAV; ls shows it without its secret", async () => {
    const added = await cli("users", "app-password", "add", "bob", "TeXstudio", "-d", db);
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toMatch(/^scr_\d+_[A-Za-z0-9]{27}\n$/);
    const password = added.stdout.trim();
    const ro = await cli(
      "users",
      "app-password",
      "add",
      "bob",
      "rclone sync",
      "--read-only",
      "-d",
      db,
    );
    expect(ro.code).toBe(0);

    const before = await cli("users", "app-password", "ls", "bob", "-d", db);
    expect(before.stdout).toMatch(/\n\d+ +read-write +\S+ +never +TeXstudio\n/);

    expect(await davLogin("bob", password)).toMatchObject({ readOnly: false });
    expect(await davLogin("bob", ro.stdout.trim())).toMatchObject({ readOnly: true });
    expect(await davLogin("ana", password)).toBeUndefined();

    const ls = await cli("users", "app-password", "ls", "bob", "-d", db);
    expect(ls.code).toBe(0);
    const lines = ls.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID +Access +Created +Last used +Name$/);
    expect(lines[1]).toMatch(
      /^\d+ +read-only +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ +\S+Z +rclone sync$/,
    );
    expect(lines[2]).toMatch(/^\d+ +read-write +\S+ +\d{4}-\d\d-\d\dT\S+Z +TeXstudio$/);
    expect(ls.stdout).not.toContain(password.slice(-27));
    // Ana has none.
    expect(
      (await cli("users", "app-password", "ls", "ana", "-d", db)).stdout.trim().split("\n"),
    ).toHaveLength(1);
  });

  it("rm revokes one of the user's, never another user's", async () => {
    const password = (
      await cli("users", "app-password", "add", "bob", "laptop", "-d", db)
    ).stdout.trim();
    const id = /^scr_(\d+)_/.exec(password)?.[1] ?? "";
    const foreign = await cli("users", "app-password", "rm", "ana", id, "-d", db);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/No such app password/);
    expect(await davLogin("bob", password)).toBeDefined();
    const res = await cli("users", "app-password", "rm", "bob", id, "-d", db);
    expect(res).toMatchObject({ code: 0, stdout: `revoked app password ${id} of bob\n` });
    expect(await davLogin("bob", password)).toBeUndefined();
    for (const bad of ["0", "-1", "abc", "99999999999999999999"]) {
      const wrong = await cli("users", "app-password", "rm", "bob", bad, "-d", db);
      expect(wrong.code, bad).toBe(2);
    }
  });

  it("refuses bad names and unknown users, printing no password", async () => {
    for (const args of [
      ["add", "bob", ""],
      ["add", "bob", "   "],
      ["add", "bob", "tab\there"],
      ["add", "bob", "x".repeat(101)],
      ["add", "nobody", "name"],
      ["add", "bob"],
      ["ls", "nobody"],
      ["frobnicate"],
    ]) {
      const res = await cli("users", "app-password", ...args, "-d", db);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stdout).toBe("");
      expect(res.stderr).toMatch(/^scriptorium: /);
    }
  });
});

describe("scriptorium users app-password --help", () => {
  it("the group and each command have their help, and create no database", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "scriptorium-cli-app-pw-help-"));
    const cwd = process.cwd();
    process.chdir(empty);
    try {
      const group = await cli("users", "app-password", "--help");
      expect(group.code).toBe(0);
      expect(group.stdout).toMatch(/^Usage: scriptorium users app-password COMMAND \[flags\]/);
      for (const sub of ["add", "ls", "rm"])
        expect(group.stdout).toMatch(new RegExp(`\\n {2}${sub} +[A-Z]`));
      expect((await cli("users", "app-password")).stdout).toBe(group.stdout);
      expect((await cli("help", "users", "app-password")).stdout).toBe(group.stdout);
      expect((await cli("users", "--help")).stdout).toMatch(/\n {2}app-password +Creates/);
      const usages = {
        add: "Usage: scriptorium users app-password add ID|USER NAME [flags]",
        ls: "Usage: scriptorium users app-password ls ID|USER [flags]",
        rm: "Usage: scriptorium users app-password rm ID|USER ID [flags]",
      };
      for (const [sub, usage] of Object.entries(usages)) {
        const help = await cli("users", "app-password", sub, "-h");
        expect(help.code).toBe(0);
        expect(help.stdout.split("\n")[0]).toBe(usage);
        expect((await cli("help", "users", "app-password", sub)).stdout).toBe(help.stdout);
        expect(help.stdout).toContain("-d, --database FILE");
        expect(help.stdout).toMatch(/\n\nExamples?:\n {2}\S*scriptorium users app-password /);
      }
      expect((await cli("users", "app-password", "add", "-h")).stdout).toMatch(
        /--read-only +the password may read/,
      );
      expect((await cli("help", "users", "app-password", "bogus")).code).toBe(2);
      expect((await cli("help", "users", "ls", "bogus")).code).toBe(2);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      process.chdir(cwd);
      await rm(empty, { recursive: true, force: true });
    }
  });
});
