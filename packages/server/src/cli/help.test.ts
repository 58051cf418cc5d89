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

const SUBCOMMANDS = {
  config: ["init", "set", "cat", "export", "import"],
  users: ["add", "ls", "find", "update", "rm", "export", "import"],
  rules: ["ls", "add", "rm"],
  import: ["filebrowser"],
};

/** Every flag line of a help text: "  -d, --database FILE   description". */
function flagLines(help: string): string[] {
  const flags = help.split("\n\n").find((part) => part.startsWith("Flags:")) ?? "";
  return flags.split("\n").slice(1);
}

function expectFullHelp(help: string, usage: unknown) {
  expect(help.split("\n")[0]).toEqual(usage);
  const flags = flagLines(help);
  expect(flags.length).toBeGreaterThan(0);
  // Each flag has a description on its line or on the next one.
  for (const [i, line] of flags.entries()) {
    if (line.trim().startsWith("-")) {
      const described = / {2}\S.*\S {2,}\S/.test(line) || /^ {10,}\S/.test(flags[i + 1] ?? "");
      expect(described, line).toBe(true);
    }
  }
  expect(help).toMatch(/\n\nExamples?:\n {2}scriptorium /);
}

let cwd: string;
let dir: string;
beforeAll(async () => {
  // Help and mistakes must never create a database: run where one would show up.
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-help-"));
  cwd = process.cwd();
  process.chdir(dir);
});
afterAll(async () => {
  process.chdir(cwd);
  expect(await readdir(dir)).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});

describe("scriptorium help", () => {
  it("--help, -h and help print the usage, the commands, every flag and examples", async () => {
    const outputs = await Promise.all([cli(["--help"]), cli(["-h"]), cli(["help"])]);
    for (const res of outputs) {
      expect(res).toMatchObject({ code: 0, stderr: "" });
      expect(res.stdout).toBe(outputs[0]?.stdout);
    }
    const help = outputs[0]?.stdout ?? "";
    expectFullHelp(help, "Usage: scriptorium [flags]");
    for (const command of ["config", "users", "import", "version", "help"]) {
      expect(help).toMatch(new RegExp(`\\n {2}${command} +\\S`));
    }
    for (const flag of ["root", "database", "address", "port", "baseurl", "noauth", "help"]) {
      expect(help).toContain(`--${flag}`);
    }
    expect(help).toContain("[SCRIPTORIUM_PORT]");
  });

  it.each(Object.entries(SUBCOMMANDS))(
    "%s, %s --help, %s -h and help %s list the subcommands",
    async (group, subs) => {
      const outputs = await Promise.all([
        cli([group]),
        cli([group, "--help"]),
        cli([group, "-h"]),
        cli(["help", group]),
      ]);
      for (const res of outputs) {
        expect(res).toMatchObject({ code: 0, stderr: "", stdout: outputs[0]?.stdout });
      }
      const help = outputs[0]?.stdout ?? "";
      expect(help.split("\n")[0]).toBe(`Usage: scriptorium ${group} COMMAND [flags]`);
      for (const sub of subs) expect(help).toMatch(new RegExp(`\\n {2}${sub} +[A-Z]`));
      expect(help).toContain("-h, --help");
      expect(help).toMatch(/\n\nExamples?:\n {2}scriptorium /);
    },
  );

  const commands = Object.entries(SUBCOMMANDS).flatMap(([group, subs]) =>
    subs.map((sub): [string, string] => [group, sub]),
  );
  it.each(commands)(
    "%s %s --help, -h and help print its usage, flags and example",
    async (group, sub) => {
      const outputs = await Promise.all([
        cli([group, sub, "--help"]),
        cli([group, sub, "-h"]),
        cli(["help", group, sub]),
        // Help wins over mistakes elsewhere on the line.
        cli([group, sub, "--bogus", "-p", "--help"]),
      ]);
      for (const res of outputs) {
        expect(res).toMatchObject({ code: 0, stderr: "", stdout: outputs[0]?.stdout });
      }
      const help = outputs[0]?.stdout ?? "";
      expectFullHelp(
        help,
        expect.stringMatching(new RegExp(`^Usage: scriptorium ${group} ${sub}`)),
      );
      expect(help).toContain("-d, --database FILE");
      expect(help).toContain(`scriptorium ${group} ${sub}`);
    },
  );

  it("shows each command's own flags", async () => {
    const add = (await cli(["users", "add", "-h"])).stdout;
    expect(add).toMatch(/^Usage: scriptorium users add NAME PASSWORD \[flags\]\n/);
    expect(add).toMatch(/--perm\.admin +permission admin/);
    expect(add).toMatch(/--lockPassword +the user cannot change the password/);
    expect((await cli(["users", "update", "-h"])).stdout).toMatch(/--password PASSWORD/);
    expect((await cli(["users", "ls", "-h"])).stdout).not.toMatch(/--perm\./);
    const set = (await cli(["config", "set", "-h"])).stdout;
    expect(set).toMatch(/--auth\.method json\|proxy\|noauth/);
    expect(set).toMatch(/--branding\.name NAME/);
    expect(set).toMatch(/--tokenExpirationTime DURATION/);
    expect((await cli(["config", "export", "-h"])).stdout).toMatch(/config export FILE/);
    expect((await cli(["config", "cat", "-h"])).stdout).not.toMatch(/--signup/);
  });

  it("version and version --help", async () => {
    const version = await cli(["version"]);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^scriptorium \S+\n$/);
    const help = await cli(["version", "--help"]);
    expect(help.code).toBe(0);
    expectFullHelp(help.stdout, "Usage: scriptorium version [flags]");
    expect((await cli(["help", "version"])).stdout).toBe(help.stdout);
  });
});
