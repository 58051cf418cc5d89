import { execFileSync, spawn, type StdioOptions } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { createRunner, type RunSpec } from "./runner.js";

/** The built runner (the tests' global setup compiles the server first). */
const BUILT_RUNNER = new URL("../../dist/runner/runner.js", import.meta.url).href;

let dir: string;
let scope: string;
let other: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-runner-"));
  scope = path.join(dir, "files", "ada");
  other = path.join(dir, "files", "bob");
  await mkdir(scope, { recursive: true });
  await mkdir(other, { recursive: true });
  await writeFile(path.join(other, "secret.txt"), "bob's secret\n");
  await writeFile(path.join(dir, "server.db"), "database bytes\n");
  await writeFile(path.join(scope, "mine.txt"), "my own text\n");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const spec = (over: Partial<RunSpec>): RunSpec => ({
  owner: "user:1",
  executable: "/bin/cat",
  args: [],
  cwd: scope,
  writable: scope,
  timeoutMs: 10_000,
  ...over,
});

/** The descriptors `ls -l /proc/self/fd` lists, but ls's own on the folder it reads. */
function openDescriptors(listing: string): number[] {
  return listing
    .split("\n")
    .map((line) => / (\d+) -> (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !/^\/proc\/\d+\/fd$/.test(m[2] ?? ""))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** Processes whose command line holds `marker` (none must survive a run). */
function running(marker: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

// "none" plays a machine without bubblewrap whose admin chose --unsandboxed-programs.
describe.each(["auto", "none"] as const)("runner (sandbox: %s)", (sandbox) => {
  const runner = () => createRunner({ sandbox, unsandboxedPrograms: true });

  it("passes argv as words: no shell ever reads them", async () => {
    const out = await runner().run(
      spec({ executable: "/bin/echo", args: ["$(id)", "`id`", "a;b", "*"] }),
    );
    expect(out.output).toBe("$(id) `id` a;b *\n");
    expect(out.exitCode).toBe(0);
  });

  it("gives the program only PATH, HOME and LANG (plus what the spec adds, PWD and bash's SHLVL)", async () => {
    process.env.SCRIPTORIUM_SECRET_FOR_TEST = "leak";
    const out = await runner().run(
      spec({ executable: "/usr/bin/env", env: { openin_any: "p" }, path: ["/opt/tools"] }),
    );
    delete process.env.SCRIPTORIUM_SECRET_FOR_TEST;
    const names = out.output
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      .filter((name) => name !== "PWD" && name !== "SHLVL")
      .sort();
    expect(names).toEqual(["HOME", "LANG", "PATH", "openin_any"]);
    expect(out.output).toContain("PATH=/opt/tools:/usr/local/bin:/usr/bin:/bin");
  });

  it("runs in the working folder it is given", async () => {
    const out = await runner().run(spec({ executable: "/bin/cat", args: ["mine.txt"] }));
    expect(out.output).toBe("my own text\n");
  });

  it("kills the whole process group at the timeout and leaves nothing running", async () => {
    const marker = `9${Date.now() % 100000}`;
    const started = Date.now();
    const out = await runner().run(
      spec({
        executable: "/bin/sh",
        args: ["-c", `sleep ${marker} & sleep ${marker}`],
        timeoutMs: 500,
      }),
    );
    expect(out.timedOut).toBe(true);
    expect(out.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(8_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(running(`sleep ${marker}`)).toEqual([]);
  });

  it("stops a program at the output cap", async () => {
    const out = await runner().run(
      spec({ executable: "/usr/bin/yes", args: ["spam"], maxOutputBytes: 64 * 1024 }),
    );
    expect(out.outputCapped).toBe(true);
    expect(out.output.length).toBe(64 * 1024);
  });

  it("stops a program that writes a file larger than the cap", async () => {
    const out = await runner().run(
      spec({
        executable: "/bin/dd",
        args: ["if=/dev/zero", "of=big.bin", "bs=64k", "count=64"],
        maxFileBytes: 256 * 1024,
      }),
    );
    expect(out.exitCode).not.toBe(0);
    expect((await stat(path.join(scope, "big.bin"))).size).toBeLessThanOrEqual(256 * 1024);
  });

  it("kills the run when its signal aborts (the client went away)", async () => {
    const marker = `8${Date.now() % 100000}`;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const out = await runner().run(
      spec({ executable: "/bin/sleep", args: [marker], signal: controller.signal }),
    );
    expect(out.cancelled).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(running(`sleep ${marker}`)).toEqual([]);
  });

  it("answers 429 beyond the runs allowed per user and on the server", async () => {
    const limited = createRunner({
      sandbox,
      unsandboxedPrograms: true,
      maxPerOwner: 1,
      maxTotal: 2,
    });
    const long = limited.run(spec({ executable: "/bin/sleep", args: ["2"] }));
    await expect(limited.run(spec({ executable: "/bin/true" }))).rejects.toMatchObject({
      code: "TOO_MANY_RUNS",
    });
    const second = limited.run(spec({ owner: "user:2", executable: "/bin/sleep", args: ["2"] }));
    const third = limited.run(spec({ owner: "user:3", executable: "/bin/true" }));
    await expect(third).rejects.toBeInstanceOf(AppError);
    await Promise.all([long, second]);
    expect(limited.active).toBe(0);
    expect((await limited.run(spec({ executable: "/bin/true" }))).exitCode).toBe(0);
  });

  it("without a working folder runs in a private empty one, removed afterwards", async () => {
    const out = await runner().run({
      owner: "user:1",
      executable: "/bin/sh",
      args: ["-c", "pwd; ls -A | wc -l"],
      timeoutMs: 5_000,
    });
    const [where, count] = out.output.trim().split("\n");
    expect(count?.trim()).toBe("0");
    if (sandbox === "none") await expect(stat(where as string)).rejects.toThrow();
  });

  it("starts the program with only its three standard descriptors", async () => {
    const out = await runner().run(spec({ executable: "/bin/ls", args: ["-l", "/proc/self/fd"] }));
    expect(out.exitCode).toBe(0);
    expect(openDescriptors(out.output)).toEqual([0, 1, 2]);
  });
});

describe("without bubblewrap", () => {
  it("programs are off by default: 503 naming what is missing, and nothing runs", async () => {
    const runner = createRunner({ sandbox: "none" });
    expect(await runner.state()).toMatchObject({ mode: "off", reason: /bubblewrap/ });
    const attempt = runner.run(spec({ executable: "/usr/bin/touch", args: ["ran.txt"] }));
    await expect(attempt).rejects.toMatchObject({
      code: "PROGRAMS_OFF",
      status: 503,
      message: expect.stringMatching(/^Programs are off on this server: bubblewrap/) as string,
    });
    await expect(runner.assertAvailable()).rejects.toMatchObject({ code: "PROGRAMS_OFF" });
    await expect(stat(path.join(scope, "ran.txt"))).rejects.toThrow();
    expect(runner.active).toBe(0);
  });

  it("run with the limits alone only when the admin opts in (--unsandboxed-programs)", async () => {
    const runner = createRunner({ sandbox: "none", unsandboxedPrograms: true });
    expect(await runner.state()).toMatchObject({ mode: "unsandboxed", reason: /bubblewrap/ });
    await runner.assertAvailable();
    // What the opt-in gives up: the program sees the whole machine, another user's files too.
    const out = await runner.run(spec({ args: [path.join(other, "secret.txt")] }));
    expect(out.output).toBe("bob's secret\n");
  });
});

describe("runner in bubblewrap", () => {
  const runner = createRunner();

  it("runs sandboxed on this machine (CI installs bubblewrap)", async () => {
    expect(await runner.state()).toEqual({ mode: "sandboxed" });
  });

  it("runs as nobody, with no capability, and may make no namespace of its own", async () => {
    const out = await runner.run(
      spec({
        executable: "/bin/sh",
        args: [
          "-c",
          "id -u; id -g; grep ^CapEff /proc/self/status; unshare -U true 2>/dev/null && echo NESTED",
        ],
      }),
    );
    const [uid, gid, caps] = out.output.trim().split("\n");
    expect([uid, gid]).toEqual(["65534", "65534"]);
    expect(caps).toMatch(/^CapEff:\s+0+$/);
    expect(out.output).not.toContain("NESTED");
  });

  it("hides the system files other users may not read (/etc/shadow), though the server is their owner", async () => {
    const shadow = await readFile("/etc/shadow", "utf8").catch(() => "");
    const out = await runner.run(
      spec({ executable: "/bin/sh", args: ["-c", "cat /etc/shadow; ls -A /etc/ssl/private"] }),
    );
    if (shadow.includes("root:")) expect(out.output).not.toContain("root:");
    // A hidden file is /dev/null on a nodev mount: empty, or refused.
    expect(out.output.trim()).toMatch(/^(cat: \/etc\/shadow: Permission denied)?$/);
  });

  it("reads and writes the scope, and what it makes belongs to the server's user on disk", async () => {
    const out = await runner.run(
      spec({
        executable: "/bin/sh",
        args: ["-c", "cat mine.txt && mkdir -p made/deeper && echo new > made/deeper/f.txt"],
      }),
    );
    expect(out.output).toBe("my own text\n");
    expect(out.exitCode).toBe(0);
    for (const made of ["made", "made/deeper", "made/deeper/f.txt"]) {
      const info = await stat(path.join(scope, made));
      expect([info.uid, info.gid], made).toEqual([process.getuid?.(), process.getgid?.()]);
    }
    expect(await readFile(path.join(scope, "made/deeper/f.txt"), "utf8")).toBe("new\n");
  });

  it("shows no path of the server in /proc/1/cmdline (bubblewrap reads its arguments from a descriptor)", async () => {
    await mkdir(path.join(scope, "private"));
    const out = await runner.run(
      spec({
        executable: "/bin/cat",
        args: ["/proc/1/cmdline"],
        masked: [{ path: path.join(scope, "private"), isDir: true }],
        readOnly: ["/usr/share/doc"],
      }),
    );
    const words = out.output.split("\0");
    expect(words[0]).toMatch(/\/bwrap$/);
    expect(words.slice(1, 4)).toEqual(["--args", "3", "--"]);
    for (const hostPath of [dir, scope, "private", "/usr/share/doc", "/etc"]) {
      expect(out.output, hostPath).not.toContain(hostPath);
    }
  });

  it("shows only the user's scope of the files root: not another user's folder, not the database", async () => {
    for (const target of [path.join(other, "secret.txt"), path.join(dir, "server.db")]) {
      const out = await runner.run(spec({ executable: "/bin/cat", args: [target] }));
      expect(out.exitCode).not.toBe(0);
      expect(out.output).toMatch(/No such file/);
    }
  });

  it("has no network", async () => {
    const out = await runner.run(spec({ executable: "/bin/cat", args: ["/proc/net/dev"] }));
    const interfaces = out.output
      .split("\n")
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(":")[0]);
    expect(interfaces).toEqual(["lo"]);
  });

  it("keeps the system read-only and /tmp private", async () => {
    const out = await runner.run(
      spec({
        executable: "/usr/bin/touch",
        args: ["/usr/scriptorium-test", "/etc/scriptorium-test"],
      }),
    );
    expect(out.exitCode).not.toBe(0);
    await writeFile(path.join(tmpdir(), "scriptorium-host-tmp"), "x");
    const tmp = await runner.run(spec({ executable: "/bin/ls", args: ["-A", "/tmp"] }));
    expect(tmp.output).not.toContain("scriptorium-host-tmp");
  });

  it("writes into the user's scope", async () => {
    await runner.run(spec({ executable: "/usr/bin/touch", args: ["made-here"] }));
    expect(await readFile(path.join(scope, "made-here"), "utf8")).toBe("");
  });

  it("masks what the rules deny", async () => {
    await mkdir(path.join(scope, "private"));
    await writeFile(path.join(scope, "private", "notes.txt"), "hidden notes\n");
    await writeFile(path.join(scope, "denied.txt"), "denied text\n");
    const out = await runner.run(
      spec({
        executable: "/bin/cat",
        args: ["private/notes.txt", "denied.txt", "mine.txt"],
        masked: [
          { path: path.join(scope, "private"), isDir: true },
          { path: path.join(scope, "denied.txt"), isDir: false },
        ],
      }),
    );
    expect(out.output).not.toContain("hidden notes");
    expect(out.output).not.toContain("denied text");
    expect(out.output).toContain("my own text");
  });
});

describe("a descriptor the server inherited", () => {
  it("does not reach a sandboxed program (ls -l /proc/self/fd shows 0, 1 and 2)", async () => {
    // A process running the runner with fd 251 open on bob's secret, without close-on-exec, as
    // a parent could leave it: the server's own descriptors are all close-on-exec, this one not.
    const script = `
      import { readlinkSync } from "node:fs";
      const { createRunner } = await import(process.argv[1]);
      const out = await createRunner().run({
        owner: "user:1", executable: "/bin/ls", args: ["-l", "/proc/self/fd"],
        cwd: process.argv[2], writable: process.argv[2], timeoutMs: 10000,
      });
      process.stdout.write(JSON.stringify({ held: readlinkSync("/proc/self/fd/251"), out }));
    `;
    const inherited = openSync(path.join(other, "secret.txt"), "r");
    const stdio: StdioOptions = Array.from({ length: 252 }, () => "ignore");
    stdio[1] = "pipe";
    stdio[2] = "pipe";
    stdio[251] = inherited;
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", script, BUILT_RUNNER, scope],
      { stdio },
    );
    closeSync(inherited);
    let text = "";
    let errors = "";
    child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code, errors).toBe(0);
    const { held, out } = JSON.parse(text) as { held: string; out: { output: string } };
    expect(held).toBe(path.join(other, "secret.txt"));
    expect(out.output).not.toContain("secret.txt");
    expect(openDescriptors(out.output)).toEqual([0, 1, 2]);
  });
});
