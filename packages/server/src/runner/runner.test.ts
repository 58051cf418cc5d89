import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { createRunner, type RunSpec } from "./runner.js";

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

/** Processes whose command line holds `marker` (none must survive a run). */
function running(marker: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

describe.each(["auto", "none"] as const)("runner (sandbox: %s)", (sandbox) => {
  const runner = () => createRunner({ sandbox });

  it("passes argv as words: no shell ever reads them", async () => {
    const out = await runner().run(
      spec({ executable: "/bin/echo", args: ["$(id)", "`id`", "a;b", "*"] }),
    );
    expect(out.output).toBe("$(id) `id` a;b *\n");
    expect(out.exitCode).toBe(0);
  });

  it("gives the program only PATH, HOME and LANG (plus what the spec adds, and bwrap's PWD)", async () => {
    process.env.SCRIPTORIUM_SECRET_FOR_TEST = "leak";
    const out = await runner().run(
      spec({ executable: "/usr/bin/env", env: { openin_any: "p" }, path: ["/opt/tools"] }),
    );
    delete process.env.SCRIPTORIUM_SECRET_FOR_TEST;
    const names = out.output
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      .filter((name) => name !== "PWD")
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
    const limited = createRunner({ sandbox, maxPerOwner: 1, maxTotal: 2 });
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
});

describe("runner in bubblewrap", () => {
  const runner = createRunner();

  it("runs sandboxed on this machine (CI installs bubblewrap)", async () => {
    expect(await runner.mode()).toBe("bwrap");
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
