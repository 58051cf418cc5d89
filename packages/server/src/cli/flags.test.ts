import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "./main.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-flags-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the command in this process on a real database; resolves with the JSON it prints. */
async function json(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<unknown> {
  let stdout = "";
  let stderr = "";
  const code = await main([...argv, "-d", path.join(dir, "s.db")], env, {
    out: (text) => (stdout += text + "\n"),
    err: (text) => (stderr += text + "\n"),
  });
  expect(stderr).toBe("");
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

describe("scriptorium flag syntax", () => {
  it("takes --flag value, --flag=value, bare and =false booleans, yes/no and empty values", async () => {
    expect(
      await json([
        "config",
        "init",
        "--signup",
        "--createUserDir=false",
        "--branding.disableExternal=yes",
        "--perm.share=no",
        "--perm.admin",
        "--branding.theme=",
        "--branding.name",
        "Edizione Maurolico",
        "--viewMode",
        "mosaic gallery",
        "--tus.chunkSize=1048576",
        "--shell",
        "bash -c",
        "--commands=git ls",
        "--tokenExpirationTime",
        "90m",
        "--auth.method=proxy",
        "--auth.header=X-User",
      ]),
    ).toMatchObject({
      settings: {
        signup: true,
        createUserDir: false,
        branding: { disableExternal: true, theme: "", name: "Edizione Maurolico" },
        tus: { chunkSize: 1048576 },
        shell: ["bash", "-c"],
        defaults: {
          viewMode: "mosaic gallery",
          commands: ["git", "ls"],
          perm: { share: false, admin: true },
        },
      },
      server: { authMethod: "proxy", authHeader: "X-User", tokenExpirationTime: "90m" },
    });
  });

  it("set changes only what its flags name; the last of a repeated flag wins", async () => {
    await json(["config", "init", "--signup", "--minimumPasswordLength=14"]);
    expect(
      await json(["config", "set", "--sorting.by", "size", "--locale=it", "--locale", "de"]),
    ).toMatchObject({
      settings: { signup: true, defaults: { locale: "de", sorting: { by: "size" } } },
      server: { minimumPasswordLength: 14 },
    });
  });

  it("short flags take their value attached or apart, and -- ends the flags", async () => {
    let stdout = "";
    const db = path.join(dir, "short.db");
    const out = (text: string) => (stdout += text + "\n");
    const io = { out, err: out };
    expect(await main(["users", "add", `-d${db}`, "--", "eve", "--eve-password-1"], {}, io)).toBe(
      0,
    );
    expect(await main(["users", "find", "-d", db, "eve"], {}, io)).toBe(0);
    expect(stdout).toMatch(/"username": "eve"/);
  });

  it("environment variables fill flags that are absent, flags win over them", async () => {
    const db = path.join(dir, "env.db");
    let stdout = "";
    const io = { out: (text: string) => (stdout += text + "\n"), err: () => undefined };
    expect(
      await main(["users", "add", "fay", "fay-password-12"], { SCRIPTORIUM_DATABASE: db }, io),
    ).toBe(0);
    const other = path.join(dir, "other.db");
    expect(await main(["users", "ls", "-d", other], { SCRIPTORIUM_DATABASE: db }, io)).toBe(0);
    expect(await main(["users", "ls"], { SCRIPTORIUM_DATABASE: db }, io)).toBe(0);
    const [, otherList = "", envList = ""] = stdout.split(/^ID /m);
    expect(otherList).not.toMatch(/fay/);
    expect(envList).toMatch(/fay/);
  });
});
