import { chmod, mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { ToolState, ToolStates } from "@scriptorium/shared";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import {
  createToolsTarget,
  STANDIN_FOLDER,
  toolUrl,
  type ToolsTarget,
} from "../../test/tools-target.js";
import { versionLine } from "./tool-states.js";

let t: ToolsTarget | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function statesOf(target: ToolsTarget, token?: string): Promise<ToolStates> {
  const res = await target.app.inject({
    url: "/api/mauro/tools",
    headers: { "x-auth": token ?? (await target.login()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ToolStates>();
}
const named = (states: ToolStates, name: string): ToolState => {
  const found = states.tools.find((s) => s.name === name);
  if (!found) throw new Error(`no state for ${name}`);
  return found;
};

describe("GET /api/mauro/tools", () => {
  it("says which tools are installed, where and which version, to the admin", async () => {
    t = await createToolsTarget();
    const states = await statesOf(t);
    expect(["sandboxed", "unsandboxed", "off"]).toContain(states.sandbox);
    expect(states.tools.map((s) => s.name)).toEqual([
      "m2hv",
      "m2lv",
      "m2ledmac",
      "pdflatex",
      "m2lv-pdf",
      "m2ledmac-pdf",
    ]);
    expect(named(states, "m2hv")).toMatchObject({
      kind: "folder",
      enabled: true,
      installed: true,
      program: path.join(STANDIN_FOLDER, "m2hv"),
    });
    expect(named(states, "pdflatex")).toMatchObject({
      kind: "beside-source",
      installed: true,
      program: "/usr/bin/pdflatex",
    });
    expect(named(states, "m2lv-pdf")).toMatchObject({ kind: "pdf-pipeline", installed: true });
    expect(named(states, "m2lv-pdf").missing).toBeUndefined();
    if (states.sandbox !== "off") {
      // pdfTeX answers --version; the stand-in does not (it prints its usage): its -h title.
      expect(named(states, "pdflatex").version).toMatch(/^pdfTeX \d/);
      expect(named(states, "m2hv").version).toBe(
        "m2hv: Mauro-TeX → HTML (Scriptorium test stand-in)",
      );
    }
  });

  it("tells a missing program, a pipeline's missing or switched-off steps", async () => {
    t = await createToolsTarget({
      tools: (tools) => {
        for (const tool of tools) {
          if (tool.name === "m2hv") tool.executable = "m2hv-absent";
          if (tool.name === "m2ledmac") tool.executable = "/nowhere/m2ledmac";
          if (tool.name === "pdflatex") tool.enabled = false;
        }
      },
    });
    const states = await statesOf(t);
    const m2hv = named(states, "m2hv");
    expect(m2hv).toMatchObject({ enabled: true, installed: false });
    expect(m2hv.program).toBeUndefined();
    expect(m2hv.version).toBeUndefined();
    // pdflatex exists but is off: installed, not enabled; the pipelines need it on.
    expect(named(states, "pdflatex")).toMatchObject({ enabled: false, installed: true });
    expect(named(states, "m2lv-pdf")).toMatchObject({ installed: false, missing: ["pdflatex"] });
    expect(named(states, "m2ledmac-pdf")).toMatchObject({
      installed: false,
      missing: ["m2ledmac", "pdflatex"],
    });
  });

  it("gives a user who is not an admin the states only", async () => {
    t = await createToolsTarget();
    const states = await statesOf(t, t.adaToken);
    expect(named(states, "m2hv").installed).toBe(true);
    expect(states.tools.every((s) => s.program === undefined && s.version === undefined)).toBe(
      true,
    );
    expect(states.supportFolders).toBeUndefined();
  });

  it("shows each support folder: missing, or how many files it holds", async () => {
    t = await createToolsTarget();
    const support = path.join(t.dir, "support");
    await mkdir(path.join(support, "sub"), { recursive: true });
    await writeFile(path.join(support, "mauro.sty"), "%");
    await writeFile(path.join(support, "mauro.mf"), "%");
    const admin = await t.login();
    const settings = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<{ tools: { supportFolders: string[] } }>();
    // (A relative folder is refused by PUT itself: support-folders.test.ts.)
    settings.tools.supportFolders = [support, path.join(t.dir, "absent")];
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { "x-auth": admin },
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await statesOf(t, admin)).supportFolders).toEqual([
      { path: support, exists: true, files: 2 },
      { path: path.join(t.dir, "absent"), exists: false },
    ]);
  });

  it("asks a program its version once, and again when the program changes", async () => {
    const bin = await mkdtemp(path.join(tmpdir(), "scriptorium-vtool-"));
    onTestFinished(() => rm(bin, { recursive: true, force: true }));
    const program = path.join(bin, "vtool");
    const fixed = new Date("2026-01-01T00:00:00Z");
    const write = async (version: string) => {
      await writeFile(program, `#!/bin/sh\necho\necho "vtool ${version}"\n`);
      await chmod(program, 0o755);
      await utimes(program, fixed, fixed);
    };
    await write("1.0");
    t = await createToolsTarget({
      tools: (tools) => {
        const m2hv = tools.find((x) => x.name === "m2hv");
        if (m2hv) m2hv.executable = program;
      },
    });
    const first = await statesOf(t);
    if (first.sandbox === "off") return;
    expect(named(first, "m2hv").version).toBe("vtool 1.0");
    // Rewritten with the same modification time: the line kept is not asked again.
    await write("2.0");
    expect(named(await statesOf(t), "m2hv").version).toBe("vtool 1.0");
    // A new program (a new modification time): asked again.
    await utimes(program, new Date(), new Date(Date.now() + 5000));
    expect(named(await statesOf(t), "m2hv").version).toBe("vtool 2.0");
  });
});

describe("versionLine", () => {
  it("takes the line naming the program, else the first non-empty one", () => {
    expect(versionLine("\n  pdfTeX 3.14\nkpathsea\n")).toBe("pdfTeX 3.14");
    expect(versionLine('argv: ["-h"]\nm2hv: title\nusage: m2hv', "m2hv")).toBe("m2hv: title");
    expect(versionLine("\n\n")).toBeUndefined();
    expect(versionLine("x".repeat(500))).toHaveLength(200);
  });
});

describe("a tool that is not installed", () => {
  it("answers 501 with one warning line in the server's log, no stack, no error", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    t = await createToolsTarget({
      tools: (tools) => {
        const m2lv = tools.find((x) => x.name === "m2lv");
        if (m2lv) m2lv.executable = "m2lv-not-installed";
      },
      app: { logger: { level: "info", stream } },
    });
    const target = t;
    const run = await target.app.inject({
      method: "PATCH",
      url: toolUrl("/docs/citlonga.tex", "m2lv"),
      headers: { "x-auth": target.adaToken },
    });
    const help = await target.app.inject({
      url: "/api/mauro/help/m2lv",
      headers: { "x-auth": target.adaToken },
    });
    for (const res of [run, help]) {
      expect(res.statusCode).toBe(501);
      expect(res.json<{ message: string }>().message).toContain("m2lv-not-installed");
    }
    const about = lines.filter((l) => JSON.stringify(l).includes("m2lv-not-installed"));
    expect(about).toHaveLength(2);
    for (const line of about) {
      expect(line.level).toBe(40);
      expect(JSON.stringify(line)).not.toMatch(/stack|"err"/);
    }
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
