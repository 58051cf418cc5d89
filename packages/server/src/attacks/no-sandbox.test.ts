import { execFileSync } from "node:child_process";
import { readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunner } from "../runner/runner.js";
import {
  jsonOf,
  outsideAda,
  SECRET,
  send,
  snapshot,
  startTarget,
  type SendOptions,
  type Target,
} from "../test/attack-target.js";
import { createTestApp } from "../test/helpers.js";
import type { RawResponse } from "../test/http.js";
import { STANDIN_FOLDER } from "../test/tools-target.js";

/**
 * Issue 27: a machine without a working bubblewrap. Programs (edition tools, their help, the
 * shell, command hooks) are then off: every attempt answers 503 PROGRAMS_OFF naming what is
 * missing, and nothing runs. Finding 7 is the case that shows why: without the sandbox, TeX's
 * paranoid settings do not stop `\input` of a link to another user's file, nor `\openout`
 * through a linked folder. The runner plays the machine with `sandbox: "none"`; `--unsandboxed-
 * programs` (the runner's `unsandboxedPrograms`) is the admin's explicit opt-in.
 */

/**
 * ada's document beside `elsewhere`, her link to a folder outside every scope: it reads a file
 * there and writes one (relative paths without `..`, which TeX's paranoid `p` lets through).
 */
const THROUGH_A_LINK = [
  "\\documentclass{article}",
  "\\newwrite\\w\\immediate\\openout\\w=elsewhere/planted.tex",
  "\\immediate\\write\\w{planted}\\immediate\\closeout\\w",
  "\\begin{document}",
  "\\input{elsewhere/secret.txt}",
  "\\end{document}",
  "",
].join("\n");

const TOOLS = ["m2hv", "m2lv", "m2ledmac", "pdflatex"] as const;

function toolUrl(source: string, tool: string, destination: string): string {
  const q = `action=${encodeURIComponent(`mauro:${tool}`)}&destination=${encodeURIComponent(destination)}&commandline=&override=true`;
  return `/api/resources${source}?${q}`;
}

async function start(unsandboxedPrograms: boolean): Promise<Target> {
  const target = await startTarget({
    extra: [{ name: "sheller", perm: { execute: true } }],
    app: {
      app: { runner: createRunner({ sandbox: "none", unsandboxedPrograms }) },
      server: (c) => void (c.enableExec = true),
      settings: (s) => {
        s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
        s.commands.before_save = ["touch before-save-ran.txt"];
        s.commands.after_upload = ["touch after-upload-ran.txt"];
      },
    },
  });
  await writeFile(path.join(target.ada, "pub", "link.tex"), THROUGH_A_LINK);
  await symlink(path.join(target.t.root, "secret"), path.join(target.ada, "pub", "elsewhere"));
  await writeFile(path.join(target.ada, "pub", "text.tex"), "\\ElencoTestimoni{A}\nTesto\n");
  return target;
}

/** A request as `user` without `expectSafe` (whose "no 5xx" these 503s are not). */
function raw(target: Target, user: string, urlPath: string, opts: SendOptions = {}) {
  return send(target.port, urlPath, {
    ...opts,
    headers: { "x-auth": target.tokens[user] ?? "", ...opts.headers },
  });
}

/** 503 PROGRAMS_OFF, saying bubblewrap is what is missing, with no path of the server. */
function expectProgramsOff(target: Target, res: RawResponse): void {
  expect(res.status, res.body.toString()).toBe(503);
  const body = jsonOf<{ code: string; message: string }>(res);
  expect(body.code).toBe("PROGRAMS_OFF");
  expect(body.message).toMatch(/^Programs are off on this server: bubblewrap /);
  for (const p of target.serverPaths) expect(res.body.toString()).not.toContain(p);
}

describe("without bubblewrap, by default", () => {
  let target: Target;
  let before: string[];
  beforeAll(async () => {
    target = await start(false);
    before = await outsideAda(target);
  });
  afterAll(() => target.close());

  it("finding 7: pdflatex is refused (503), so no link reads another user's file or writes out", async () => {
    const snap = await snapshot(target.ada);
    const res = await raw(target, "ada", toolUrl("/pub/link.tex", "pdflatex", "/"), {
      method: "PATCH",
    });
    expectProgramsOff(target, res);
    expect(res.body.toString()).not.toContain(SECRET);
    expect(await snapshot(target.ada)).toEqual(snap);
    expect(await outsideAda(target)).toEqual(before);
  });

  for (const tool of TOOLS) {
    it(`${tool}: 503 naming what is missing, nothing written`, async () => {
      const snap = await snapshot(target.ada);
      expectProgramsOff(
        target,
        await raw(target, "ada", toolUrl("/pub/text.tex", tool, `/pub/out-${tool}`), {
          method: "PATCH",
        }),
      );
      expect(await snapshot(target.ada)).toEqual(snap);
    });

    it(`${tool}'s help: 503`, async () => {
      expectProgramsOff(target, await raw(target, "ada", `/api/mauro/help/${tool}`));
    });
  }

  it("the shell: the upgrade is refused with 503", async () => {
    const res = await send(target.port, `/api/command/?auth=${target.tokens.sheller ?? ""}`, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    expectProgramsOff(target, res);
  });

  it("an action with before_ hooks is refused (503) and not done", async () => {
    const snap = await snapshot(target.ada);
    const res = await raw(target, "ada", "/api/resources/doc.tex", { method: "PUT", body: "new" });
    expectProgramsOff(target, res);
    expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toBe("\\section{In scope}\n");
    expect(await snapshot(target.ada)).toEqual(snap);
  });

  it("after_ hooks do not run (the action itself is done)", async () => {
    const res = await target.as("ada", "/api/resources/pub/up.txt", { method: "POST", body: "x" });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await readdir(target.ada, { recursive: true })).not.toContain("after-upload-ran.txt");
  });

  it("the admin's settings say that programs are off, and why", async () => {
    const res = await raw(target, "admin", "/api/settings");
    expect(jsonOf<{ programs: unknown }>(res).programs).toEqual({
      mode: "off",
      reason: expect.stringMatching(/^bubblewrap /) as string,
    });
  });
});

describe("the server's log at start", () => {
  /** The log lines of an app whose runner plays `mode`, a moment after it is ready. */
  async function startLog(unsandboxedPrograms: boolean): Promise<string> {
    let log = "";
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const t = await createTestApp({
      app: {
        runner: createRunner({ sandbox: "none", unsandboxedPrograms }),
        logger: { level: "info", stream },
      },
    });
    try {
      for (let i = 0; i < 50 && !log.includes("programs "); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return log;
    } finally {
      await t.close();
    }
  }

  it("says that programs are off, and why", async () => {
    expect(await startLog(false)).toMatch(/"programs are OFF: bubblewrap [^"]*503[^"]*"/);
  });

  it("says that programs run without a sandbox when the admin opted in", async () => {
    expect(await startLog(true)).toMatch(
      /"programs run WITHOUT a sandbox \(--unsandboxed-programs\)/,
    );
  });
});

describe("without bubblewrap, with --unsandboxed-programs", () => {
  let target: Target;
  beforeAll(async () => {
    target = await start(true);
  });
  afterAll(() => target.close());

  it("programs run, and the settings say they run without a sandbox", async () => {
    const res = await target.as("ada", toolUrl("/pub/text.tex", "m2hv", "/pub/out"), {
      method: "PATCH",
    });
    expect(res.status, res.body.toString()).toBe(200);
    const settings = jsonOf<{ programs: { mode: string } }>(
      await raw(target, "admin", "/api/settings"),
    );
    expect(settings.programs.mode).toBe("unsandboxed");
  });

  it("what the opt-in gives up (README, Security model): finding 7 reads and writes through a link", async () => {
    const res = await target.as("ada", toolUrl("/pub/link.tex", "pdflatex", "/"), {
      method: "PATCH",
    });
    expect(res.status, res.body.toString()).toBe(200);
    const text = execFileSync("pdftotext", [path.join(target.ada, "pub", "link.pdf"), "-"], {
      encoding: "utf8",
    });
    expect(text).toContain(SECRET);
    const planted = path.join(target.t.root, "secret", "planted.tex");
    expect(await readFile(planted, "utf8")).toBe("planted\n");
  });
});
