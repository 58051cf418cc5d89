import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const run = promisify(execFile);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-cli-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the built command; resolves with its exit code and output. */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe("scriptorium config and users", () => {
  it("config init creates the database, users add adds a user that users ls lists", async () => {
    const db = path.join(dir, "new", "x.db");
    const init = await cli(["config", "init", "-d", db, "--signup", "--branding.name=Maurolico"]);
    expect(init.code).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({
      settings: { signup: true, branding: { name: "Maurolico" } },
    });
    expect((await stat(db)).mode & 0o777).toBe(0o600);

    const add = await cli([
      "users",
      "add",
      "bob",
      "bob-password-12",
      "-d",
      db,
      "--perm.admin",
      "--locale",
      "it",
      "--scope",
      "/bob",
      "--lockPassword",
    ]);
    expect(add.code).toBe(0);
    const find = await cli(["users", "find", "bob", "-d", db]);
    expect(JSON.parse(find.stdout)).toMatchObject({
      username: "bob",
      locale: "it",
      scope: "/bob",
      perm: { admin: true, create: true },
    });
    const ls = await cli(["users", "ls", "-d", db]);
    expect(ls.stdout).toMatch(/bob/);

    const cat = await cli(["config", "cat", "-d", db]);
    expect(JSON.parse(cat.stdout)).toMatchObject({
      settings: { signup: true },
      server: { authMethod: "json" },
    });
    const exported = path.join(dir, "settings.json");
    expect((await cli(["config", "export", exported, "-d", db])).code).toBe(0);
    const other = path.join(dir, "other.db");
    expect((await cli(["config", "import", exported, "-d", other])).code).toBe(0);
    expect(JSON.parse((await cli(["config", "cat", "-d", other])).stdout)).toMatchObject({
      settings: { branding: { name: "Maurolico" } },
    });
  }, 60_000);

  it("users add on a missing database creates it, and refuses a duplicate", async () => {
    const db = path.join(dir, "y.db");
    expect((await cli(["users", "add", "carla", "carla-password-1", "-d", db])).code).toBe(0);
    const dup = await cli(["users", "add", "Carla", "carla-password-2", "-d", db]);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toMatch(/taken/);
  });

  it("through the bin file: --help prints the help, a mistake one line and exit code 2", async () => {
    const help = await cli(["users", "add", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: scriptorium users add NAME PASSWORD/);
    expect(help.stdout).toMatch(/--perm\.admin +permission admin/);
    // Every other mistake is in mistakes.test.ts; these go through a real process.
    const cases: [string[], RegExp][] = [
      [["--bogus"], /--bogus/],
      [["users", "add", "dora", "short", "-d", "z.db"], /at least 12/],
    ];
    for (const [args, message] of cases) {
      const res = await cli(args);
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(res.stderr, args.join(" ")).toMatch(message);
    }
    const env = await cli([], { SCRIPTORIUM_PORT: "http" });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/SCRIPTORIUM_PORT/);
  });
});

describe("scriptorium serve", () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill("SIGKILL");
    child = undefined;
  });

  function start(
    args: string[],
  ): Promise<{ output: () => string; password: string; port: number }> {
    return new Promise((resolve, reject) => {
      child = spawn(process.execPath, [BIN, ...args], { cwd: dir });
      let out = "";
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const pw = /password (\S{16}) /.exec(out)?.[1];
        const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
        if (pw && port) resolve({ output: () => out, password: pw, port: Number(port) });
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      setTimeout(() => reject(new Error(`timeout: ${out}`)), 15_000);
    });
  }

  it("creates the admin on first start, prints the password once, and shuts down on SIGTERM", async () => {
    const port = await freePort();
    const { password, output } = await start(["-p", String(port)]);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      body: JSON.stringify({ username: "admin", password }),
    });
    expect(login.status).toBe(200);
    const token = await login.text();
    const me = await fetch(`${base}/api/users/1?auth=${token}`);
    expect(me.status).toBe(200);
    expect(output()).not.toContain(token);
    expect(output()).toMatch(/"reqId"/);
    expect((await stat(path.join(dir, "data", "files"))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, "data", "scriptorium.db"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, "data", "scriptorium.db-wal"))).mode & 0o777).toBe(0o600);

    const exited = new Promise<number | null>((r) => child?.on("exit", (code) => r(code)));
    child?.kill("SIGTERM");
    expect(await exited).toBe(0);
    child = undefined;

    // Second start: the admin exists, so no password is printed.
    const again = spawn(process.execPath, [BIN, "-p", String(port)], { cwd: dir });
    let out2 = "";
    await new Promise<void>((resolve) => {
      again.stdout.on("data", (c: Buffer) => {
        out2 += c.toString();
        if (out2.includes("listening")) resolve();
      });
    });
    expect(out2).not.toMatch(/password/);
    again.kill("SIGTERM");
    await new Promise((r) => again.on("exit", r));
  });

  it("reports a port in use with exit code 1", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const port = (blocker.address() as { port: number }).port;
    const res = await cli(["-p", String(port), "-d", "p.db", "-r", "files"]);
    blocker.close();
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`Port ${port} .*already in use`));
  });
});
