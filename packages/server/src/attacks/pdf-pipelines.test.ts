import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Settings, ToolRunResult } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DENIED,
  EVE_SECRET,
  jsonOf,
  outsideAda,
  SECRET,
  send,
  snapshot,
  startTarget,
  type Target,
} from "../test/attack-target.js";
import { STANDIN_FOLDER, SUPPORT_FOLDER } from "../test/tools-target.js";

/**
 * The PDF pipelines (`mauro:m2lv-pdf`, `mauro:m2ledmac-pdf`, issue 30) and the support folder
 * setting under attack: sources and destinations out of reach, links planted where the steps
 * write, a `.m.tex` swapped for a link while the compiler runs, missing permissions, and the
 * setting changed by a user or with bad folders. The steps are the stand-in compilers and the
 * real pdflatex, in the sandbox.
 */
let target: Target;
let before: string[];
/** A copy of the test support folder, outside every path no answer may name. */
let support: string;
const PIPELINES = ["m2lv-pdf", "m2ledmac-pdf"] as const;
/** A document the compilers accept: the pipelines get to pdflatex. */
const TEXT =
  "\\documentclass{article}\n\\ElencoTestimoni{A/B}\n\\begin{document}\n\\htmlcut\nTesto \\VV{{A:uno}{B:due}}\n\\end{document}\n";

beforeAll(async () => {
  support = await mkdtemp(path.join(tmpdir(), "scriptorium-support-"));
  await cp(SUPPORT_FOLDER, support, { recursive: true });
  target = await startTarget({
    extra: [
      { name: "no-create", perm: { create: false } },
      { name: "no-modify", perm: { modify: false } },
    ],
    app: {
      settings: (s) => {
        s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
        s.tools.supportFolders = [support];
      },
    },
  });
  await writeFile(path.join(target.t.root, "secret", "secret.tex"), `${SECRET}\n`);
  await writeFile(path.join(target.t.root, "eve", "eve.tex"), `${EVE_SECRET}\n`);
  await writeFile(path.join(target.ada, "private", "denied.tex"), `${DENIED}\n`);
  await writeFile(path.join(target.ada, "pub", "text.tex"), TEXT);
  before = await outsideAda(target);
});
afterAll(async () => {
  await target.close();
  await rm(support, { recursive: true, force: true });
});

function pipelineUrl(source: string, tool: string, destination: string, override = true): string {
  const q = `action=${encodeURIComponent(`mauro:${tool}`)}&destination=${encodeURIComponent(encodeURIComponent(destination))}&commandline=&override=${override}`;
  return `/api/resources${source}?${q}`;
}

/** Every file of ada's scope, read: none may hold a byte from outside her reach. */
async function adaHoldsNoSecret(): Promise<void> {
  for (const name of await readdir(target.ada, { recursive: true })) {
    if (name.startsWith("private") || name.startsWith("escape")) continue;
    // The links this suite plants are checked by what they point to, which must stay as it was.
    if ((await lstat(path.join(target.ada, name))).isSymbolicLink()) continue;
    const text = await readFile(path.join(target.ada, name), "latin1").catch(() => "");
    for (const secret of [SECRET, EVE_SECRET, DENIED]) {
      expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
  }
}

const SOURCES: [string, string][] = [
  ["dot-dot", "/../secret/secret.tex"],
  ["encoded dots", "/%2e%2e/secret/secret.tex"],
  ["another user's scope", "/../eve/eve.tex"],
  ["link out of the scope", "/escape/secret.tex"],
  ["rule-denied folder", "/private/denied.tex"],
];

describe("sources and destinations out of reach", () => {
  for (const tool of PIPELINES) {
    for (const [name, source] of SOURCES) {
      it(`${tool} — source: ${name}`, async () => {
        const res = await target.as("ada", pipelineUrl(source, tool, `/out-${tool}`), {
          method: "PATCH",
        });
        expect([400, 403, 404]).toContain(res.status);
        expect(await outsideAda(target)).toEqual(before);
        await adaHoldsNoSecret();
      });
    }
    for (const [name, destination, statuses] of [
      ["through a link out", "/escape/stolen", [403]],
      ["into a denied folder", "/private/stolen", [403]],
      ["the root of the files", "/", [400]],
      ["into another scope", "/../eve/stolen", [200, 400, 403]],
    ] as const) {
      it(`${tool} — destination: ${name}`, async () => {
        const res = await target.as("ada", pipelineUrl("/pub/text.tex", tool, destination), {
          method: "PATCH",
        });
        expect(statuses as readonly number[]).toContain(res.status);
        expect(await outsideAda(target)).toEqual(before);
        await adaHoldsNoSecret();
      });
    }
  }
});

describe("links where the steps write", () => {
  it("a run of a valid document makes its PDF (the control of the cases below)", async () => {
    const res = await target.as("ada", pipelineUrl("/pub/text.tex", "m2lv-pdf", "/control"), {
      method: "PATCH",
    });
    expect(res.status, res.body.toString()).toBe(200);
    expect(jsonOf<ToolRunResult>(res)).toMatchObject({ ok: true, output: "/control/text.m.pdf" });
  });

  it("a link planted at the .m.tex is not written through, and pdflatex does not run", async () => {
    const dest = path.join(target.ada, "planted-tex");
    await mkdir(dest, { recursive: true });
    const secret = path.join(target.t.root, "secret", "secret.txt");
    await symlink(secret, path.join(dest, "text.m.tex"));
    const res = await target.as("ada", pipelineUrl("/pub/text.tex", "m2lv-pdf", "/planted-tex"), {
      method: "PATCH",
    });
    expect(res.status, res.body.toString()).toBe(200);
    expect(jsonOf<ToolRunResult>(res).ok).toBe(false);
    expect(await readFile(secret, "utf8")).toBe(SECRET);
    expect(await readFile(path.join(dest, "text.m2lv-pdf.log"), "utf8")).toContain(
      "pdflatex not run",
    );
    expect(await outsideAda(target)).toEqual(before);
    await adaHoldsNoSecret();
  });

  it("links planted where pdflatex and the log write (PDF, SyncTeX, logs) are never written through", async () => {
    const dest = path.join(target.ada, "planted");
    await mkdir(dest, { recursive: true });
    const secret = path.join(target.t.root, "secret", "secret.txt");
    const eve = path.join(target.t.root, "eve", "eve.txt");
    await symlink(eve, path.join(dest, "text.m.pdf"));
    await symlink(eve, path.join(dest, "text.m2lv-pdf.log"));
    await symlink(secret, path.join(dest, "text.m2lv-pdf.1.log"));
    await symlink(eve, path.join(dest, "text.m.synctex.gz"));
    const res = await target.as("ada", pipelineUrl("/pub/text.tex", "m2lv-pdf", "/planted"), {
      method: "PATCH",
    });
    expect(res.status, res.body.toString()).toBe(200);
    const result = jsonOf<ToolRunResult>(res);
    expect(result.ok).toBe(false);
    expect(result.output).toBeUndefined();
    expect(await readFile(secret, "utf8")).toBe(SECRET);
    expect(await readFile(eve, "utf8")).toBe(EVE_SECRET);
    expect(await outsideAda(target)).toEqual(before);
    // The log is a file of ada's, not a link; the link that stood at its name was replaced.
    expect((await lstat(path.join(dest, "text.m2lv-pdf.log"))).isFile()).toBe(true);
    expect(await readFile(path.join(dest, "text.m2lv-pdf.log"), "utf8")).toContain(
      "EXECUTING: pdflatex",
    );
    // The log before it moved to `.1.log` as a link, still pointing where it did, not followed.
    await adaHoldsNoSecret();
  });

  it("a .m.tex swapped for a link while the compiler runs is never followed", async () => {
    await writeFile(path.join(target.ada, "pub", "slow.tex"), `%STANDIN:sleep 2\n${TEXT}`);
    const dest = path.join(target.ada, "swapped");
    await mkdir(dest, { recursive: true });
    const request = target.as("ada", pipelineUrl("/pub/slow.tex", "m2ledmac-pdf", "/swapped"), {
      method: "PATCH",
    });
    await new Promise((r) => setTimeout(r, 1000));
    await symlink(path.join(target.t.root, "eve", "eve.txt"), path.join(dest, "slow.m.tex"));
    const res = await request;
    expect(res.status, res.body.toString()).toBe(200);
    const result = jsonOf<ToolRunResult>(res);
    expect(result.ok).toBe(false);
    expect(await readFile(path.join(target.t.root, "eve", "eve.txt"), "utf8")).toBe(EVE_SECRET);
    expect(await outsideAda(target)).toEqual(before);
    await adaHoldsNoSecret();
  });
});

describe("permissions", () => {
  for (const tool of PIPELINES) {
    it(`${tool} without create: 403, nothing written`, async () => {
      const snap = await snapshot(target.ada);
      const res = await target.as("no-create", pipelineUrl("/pub/text.tex", tool, `/p-${tool}`), {
        method: "PATCH",
      });
      expect(res.status).toBe(403);
      expect(jsonOf<{ message: string }>(res).message).toMatch(/needs the create permission/);
      expect(await snapshot(target.ada)).toEqual(snap);
    });

    it(`${tool} without modify (its LaTeX step rewrites files): 403, nothing written`, async () => {
      const snap = await snapshot(target.ada);
      const res = await target.as(
        "no-modify",
        pipelineUrl("/pub/text.tex", tool, `/q-${tool}`, false),
        {
          method: "PATCH",
        },
      );
      expect(res.status).toBe(403);
      expect(jsonOf<{ message: string }>(res).message).toMatch(/needs the modify permission/);
      expect(await snapshot(target.ada)).toEqual(snap);
    });
  }

  it("eve cannot run a pipeline on ada's file", async () => {
    await mkdir(path.join(target.t.root, "eve", "w"), { recursive: true });
    const res = await target.as("eve", pipelineUrl("/../ada/pub/text.tex", "m2lv-pdf", "/w/out"), {
      method: "PATCH",
    });
    expect([403, 404]).toContain(res.status);
  });

  it("needs a session", async () => {
    const res = await target.as(undefined, pipelineUrl("/pub/text.tex", "m2lv-pdf", "/anon"), {
      method: "PATCH",
    });
    expect(res.status).toBe(401);
  });
});

describe("the support folder setting", () => {
  // The administrator's own answers name the tool folders (the stand-ins sit in this checkout):
  // they are read without the check for server paths, which every other answer here gets.
  const put = (user: string | undefined, body: unknown) => {
    const opts = {
      method: "PUT",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    };
    return user === "admin"
      ? send(target.port, "/api/settings", {
          ...opts,
          headers: { ...opts.headers, "x-auth": target.tokens.admin },
        })
      : target.as(user, "/api/settings", opts);
  };
  const current = async () => {
    const res = await send(target.port, "/api/settings", {
      headers: { "x-auth": target.tokens.admin },
    });
    const settings = jsonOf<Settings & { programs?: unknown }>(res);
    delete settings.programs;
    return settings;
  };

  it("only an administrator reads or changes it", async () => {
    const settings = await current();
    for (const user of ["ada", "eve", "no-create", undefined]) {
      const read = await target.as(user, "/api/settings");
      expect([401, 403]).toContain(read.status);
      const res = await put(user, {
        ...settings,
        tools: { ...settings.tools, supportFolders: ["/"] },
      });
      expect([401, 403]).toContain(res.status);
    }
    expect((await current()).tools.supportFolders).toEqual([support]);
  });

  for (const bad of ["relative/support", "../etc", "/srv/a\nb", "/srv/a\u0007b", "/a:/b", ""]) {
    it(`refuses the folder ${JSON.stringify(bad)} (400), nothing changed`, async () => {
      const settings = await current();
      const res = await put("admin", {
        ...settings,
        tools: { ...settings.tools, supportFolders: [bad] },
      });
      expect(res.status).toBe(400);
      expect(res.body.toString()).toMatch(/support folder/);
      expect(await current()).toEqual(settings);
    });
  }
});
