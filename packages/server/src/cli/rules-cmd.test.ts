import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersStore } from "../features/users/users.store.js";
import { main } from "./main.js";
import { testDatabase } from "../test/test-database.js";

let dir: string;
let db: string;

/** Runs the command in this process, as the bin file does, capturing what it prints. */
async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    [...argv, "-d", db],
    {},
    {
      out: (text) => (stdout += text + "\n"),
      err: (text) => (stderr += text + "\n"),
    },
  );
  return { code, stdout, stderr };
}

async function stored() {
  const handle = await openDatabase(db);
  try {
    return {
      global: (await createSettingsStore(handle).getSettings()).rules,
      bob: (await createUsersStore(handle).findByUsername("bob"))?.rules,
    };
  } finally {
    await handle.destroy();
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-rules-"));
  db = await testDatabase(dir, "s.db");
  const res = await cli("users", "add", "bob", "bob-password-12", "-r", dir);
  expect(res.code, res.stderr).toBe(0);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scriptorium rules (File Browser's rules command)", () => {
  it("adds global rules, lists them by index, removes one", async () => {
    expect((await cli("rules", "add", "/private")).code).toBe(0);
    expect((await cli("rules", "add", "--allow", "/private/public")).code).toBe(0);
    const regex = await cli("rules", "add", "-r", "\\.bak$");
    expect(regex.code, regex.stderr).toBe(0);
    const ls = await cli("rules", "ls");
    expect(ls.stdout).toMatch(
      /^Global rules.*:\n\(0\) deny +path +\/private\n\(1\) allow path +\/private\/public\n\(2\) deny +regex \\\.bak\$\n$/,
    );
    expect((await stored()).global).toEqual([
      { allow: false, path: "/private", regex: false, regexp: { raw: "" } },
      { allow: true, path: "/private/public", regex: false, regexp: { raw: "" } },
      { allow: false, path: "", regex: true, regexp: { raw: "\\.bak$" } },
    ]);
    const removed = await cli("rules", "rm", "1");
    expect(removed.code, removed.stderr).toBe(0);
    expect((await stored()).global.map((r) => r.path || r.regexp.raw)).toEqual([
      "/private",
      "\\.bak$",
    ]);
    expect((await stored()).bob).toEqual([]);
  });

  it("works on one user's rules with --username or --id, and removes a range", async () => {
    for (const p of ["/a", "/b", "/c", "/d"]) {
      expect((await cli("rules", "add", p, "--username", "bob")).code).toBe(0);
    }
    const ls = await cli("rules", "ls", "-i", "1");
    expect(ls.stdout).toMatch(/^Rules of user bob \(id 1\):\n\(0\) deny +path +\/a\n/);
    expect((await cli("rules", "rm", "1", "2", "-u", "bob")).code).toBe(0);
    expect((await stored()).bob?.map((r) => r.path)).toEqual(["/a", "/d"]);
    expect((await cli("rules", "rm", "--index", "0", "--id", "1")).code).toBe(0);
    expect((await stored()).bob?.map((r) => r.path)).toEqual(["/d"]);
    expect((await stored()).global).toEqual([]);
  });

  it("checks rules as the API does and changes nothing when it refuses", async () => {
    const cases: [string[], RegExp][] = [
      [["rules", "add", "-r", "(a)\\1"], /Rule 1: invalid regular expression .*back-references/],
      [["rules", "add", "-r", "a("], /Rule 1: invalid regular expression/],
      [["rules", "add", "private"], /Rule 1: A path rule needs a path that starts with "\/"/],
      [["rules", "add", "/x", "--username", "eve"], /no user "eve"/],
      [["rules", "add", "/x", "-u", "bob", "-i", "1"], /not both/],
      [["rules", "rm", "0"], /there is no rule 0: the list has 0/],
      [["rules", "rm"], /rules rm needs INDEX/],
      [["rules", "rm", "x"], /"x" is not a rule index/],
      [["rules", "rm", "0", "1", "2"], /takes only \[INDEX\] \[INDEX_END\]/],
    ];
    for (const [argv, message] of cases) {
      const res = await cli(...argv);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.stderr, argv.join(" ")).toMatch(message);
    }
    expect((await cli("rules", "add", "/x", "-u", "bob")).code).toBe(0);
    const backwards = await cli("rules", "rm", "0", "0", "-u", "bob");
    expect(backwards.code).toBe(0);
    expect(await stored()).toEqual({ global: [], bob: [] });
  });
});
