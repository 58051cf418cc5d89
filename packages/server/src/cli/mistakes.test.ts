import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "./main.js";

/** Runs the command in this process, as the bin file does, capturing what it prints. */
async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, env, {
    out: (text) => (stdout += text + "\n"),
    err: (text) => (stderr += text + "\n"),
  });
  return { code, stdout, stderr };
}

let cwd: string;
let dir: string;
beforeAll(async () => {
  // A mistake on the command line must never create a database or a folder.
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-mistakes-"));
  cwd = process.cwd();
  process.chdir(dir);
});
afterAll(async () => {
  process.chdir(cwd);
  expect(await readdir(dir)).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});

/** argv, what the one line must say, and the command whose --help it points to. */
const CASES: [string[], RegExp, string][] = [
  [["--bogus"], /^unknown flag --bogus/, ""],
  [["-x"], /^unknown flag -x/, ""],
  [["-p", "eighty"], /^flag --port expects a whole number, got "eighty"/, ""],
  [["-p", "1.5"], /^flag --port expects a whole number, got "1\.5"/, ""],
  [["-p", "70000"], /^flag --port must be between 1 and 65535, got "70000"/, ""],
  [["--port=0"], /^flag --port must be between 1 and 65535/, ""],
  [["-p"], /^flag --port needs a value/, ""],
  [["--noauth=maybe"], /^flag --noauth expects true or false, got "maybe"/, ""],
  [["-b", "/a?b"], /^flag --baseurl must be a plain path/, ""],
  [
    ["serve"],
    /^unknown command "serve" \(one of config, users, rules, import, check, backup, restore, migrate, version, help\)/,
    "",
  ],
  [["-p", "8080", "extra"], /^scriptorium takes no arguments, got "extra"/, ""],
  [["config", "magic"], /^unknown config command "magic" \(one of init, set, cat/, "config"],
  [
    ["config", "set", "--auth.method=magic"],
    /^flag --auth\.method must be one of "json", "proxy", "noauth", got "magic"/,
    "config set",
  ],
  [
    ["config", "set", "--tokenExpirationTime=soon"],
    /^flag --tokenExpirationTime expects a duration/,
    "config set",
  ],
  [
    ["config", "set", "--minimumPasswordLength", "0"],
    /^flag --minimumPasswordLength must be at least 1/,
    "config set",
  ],
  [
    ["config", "init", "--tus.chunkSize=-5"],
    /^flag --tus\.chunkSize expects a whole number/,
    "config init",
  ],
  [
    ["config", "init", "--branding.theme=blue"],
    /^flag --branding\.theme must be one of "", "light", "dark"/,
    "config init",
  ],
  [
    ["config", "set", "--viewMode=grid"],
    /^flag --viewMode must be one of "list", "mosaic", "mosaic gallery"/,
    "config set",
  ],
  [["config", "cat", "--signup"], /^unknown flag --signup/, "config cat"],
  [["config", "export"], /^scriptorium config export needs FILE/, "config export"],
  [
    ["config", "import", "a.json", "b.json"],
    /^scriptorium config import takes only FILE, got also "b\.json"/,
    "config import",
  ],
  [["users", "magic"], /^unknown users command "magic"/, "users"],
  [
    ["users", "add", "x", "y", "--perm.admin=maybe"],
    /^flag --perm\.admin expects true or false/,
    "users add",
  ],
  [
    ["users", "add", "x", "y", "--locale=xx"],
    /^flag --locale must be a language code/,
    "users add",
  ],
  [
    ["users", "add", "x", "y", "--sorting.by=colour"],
    /^flag --sorting\.by must be one of "name", "size", "modified"/,
    "users add",
  ],
  [["users", "add", "x"], /^scriptorium users add needs NAME PASSWORD/, "users add"],
  [["users", "ls", "bob"], /^scriptorium users ls takes no arguments, got "bob"/, "users ls"],
  [["users", "rm"], /^scriptorium users rm needs ID\|NAME/, "users rm"],
  [["users", "ls", "--perm.admin"], /^unknown flag --perm\.admin/, "users ls"],
  [["users", "update", "bob", "--password"], /^flag --password needs a value/, "users update"],
  [["help", "nothing"], /^no command "nothing"/, ""],
  [["help", "users", "nothing"], /^no command "users nothing"/, "users"],
];

describe("scriptorium mistakes", () => {
  it.each(CASES)(
    "%j: one line naming it, a pointer to --help, exit code 2",
    async (argv, says, help) => {
      const res = await cli(argv);
      expect(res.code).toBe(2);
      expect(res.stdout).toBe("");
      const lines = res.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      const line = lines[0] ?? "";
      expect(line.startsWith("scriptorium: ")).toBe(true);
      expect(line.slice("scriptorium: ".length)).toMatch(says);
      expect(line).toContain(`; see "scriptorium ${help ? `${help} ` : ""}--help"`);
    },
  );

  it("checks values from environment variables as it checks flags", async () => {
    const port = await cli([], { SCRIPTORIUM_PORT: "http" });
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(
      /^scriptorium: environment variable SCRIPTORIUM_PORT expects a whole number, got "http"/,
    );
    const noauth = await cli([], { SCRIPTORIUM_NOAUTH: "perhaps" });
    expect(noauth.code).toBe(2);
    expect(noauth.stderr).toMatch(/environment variable SCRIPTORIUM_NOAUTH expects true or false/);
  });
});
