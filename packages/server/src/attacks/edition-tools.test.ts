import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DENIED,
  enc,
  EVE_SECRET,
  expectSafe,
  jsonOf,
  outsideAda,
  SECRET,
  snapshot,
  startTarget,
  type Target,
} from "../test/attack-target.js";
import { STANDIN_FOLDER } from "../test/tools-target.js";

/**
 * The edition tools (`PATCH …?action=mauro:<tool>`, `GET /api/mauro/help/{tool}`) under attack:
 * sources and destinations outside the scope, through links, into denied folders; file options
 * pointing out; shell syntax in the command line; forged tool names; no session. The tools are
 * the stand-in compilers and the real pdflatex.
 */
let target: Target;
let before: string[];

/** A document that, compiled, overwrites `victim.txt` beside it (`\openout`, TeX's `p` allows it). */
const OVERWRITER = [
  "\\documentclass{article}",
  "\\newwrite\\w\\immediate\\openout\\w=victim.txt",
  "\\immediate\\write\\w{overwritten by a compile}\\immediate\\closeout\\w",
  "\\begin{document}x\\end{document}",
  "",
].join("\n");
const TOOLS = ["m2hv", "m2lv", "m2ledmac", "pdflatex"] as const;

beforeAll(async () => {
  target = await startTarget({
    extra: [
      { name: "no-create", perm: { create: false } },
      { name: "no-modify", perm: { modify: false } },
      {
        name: "download-only",
        perm: {
          create: false,
          rename: false,
          modify: false,
          delete: false,
          share: false,
          unzip: false,
        },
      },
      {
        name: "nobody",
        scope: "/ada",
        perm: {
          create: false,
          rename: false,
          modify: false,
          delete: false,
          download: false,
          unzip: false,
        },
      },
    ],
    app: { settings: (s) => void (s.tools.folders = [STANDIN_FOLDER, "/usr/bin"]) },
  });
  await writeFile(path.join(target.t.root, "secret", "secret.tex"), `${SECRET}\n`);
  await writeFile(path.join(target.t.root, "eve", "eve.tex"), `${EVE_SECRET}\n`);
  await writeFile(path.join(target.ada, "private", "denied.tex"), `${DENIED}\n`);
  await writeFile(
    path.join(target.ada, "pub", "text.tex"),
    "\\ElencoTestimoni{A/B}\nTesto \\VV{{A:uno}{B:due}}\n",
  );
  await mkdir(path.join(target.ada, "perm"), { recursive: true });
  await writeFile(path.join(target.ada, "perm", "victim.txt"), "ada's own words\n");
  await writeFile(path.join(target.ada, "perm", "overwrite.tex"), OVERWRITER);
  before = await outsideAda(target);
});
afterAll(() => target.close());

function toolUrl(source: string, tool: string, destination: string, commandline = ""): string {
  const q = `action=${encodeURIComponent(`mauro:${tool}`)}&destination=${encodeURIComponent(destination)}&commandline=${encodeURIComponent(encodeURIComponent(commandline))}&override=true`;
  return `/api/resources${source}?${q}`;
}

/** Every file of ada's scope, read: none may hold a byte from outside her reach. */
async function adaHoldsNoSecret(): Promise<void> {
  const names = await readdir(target.ada, { recursive: true });
  for (const name of names) {
    const text = await readFile(path.join(target.ada, name), "latin1").catch(() => "");
    if (name.startsWith("private") || name.startsWith("escape")) continue;
    for (const secret of [SECRET, EVE_SECRET, DENIED]) {
      expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
  }
}

const SOURCES: [string, string][] = [
  ["dot-dot", "/../secret/secret.tex"],
  ["encoded dots", "/%2e%2e/secret/secret.tex"],
  ["encoded slash", "/..%2fsecret%2fsecret.tex"],
  ["double encoding", "/%252e%252e/secret/secret.tex"],
  ["from a subfolder", "/pub/../../secret/secret.tex"],
  ["another user's scope", "/../eve/eve.tex"],
  ["link out of the scope", "/escape/secret.tex"],
  ["rule-denied folder", "/private/denied.tex"],
  ["rule-denied, other case of dots", "/pub/../private/denied.tex"],
];

describe("sources outside the user's reach", () => {
  for (const tool of ["m2hv", "m2lv", "m2ledmac", "pdflatex"]) {
    for (const [name, source] of SOURCES) {
      it(`${tool} — ${name}`, async () => {
        const res = await target.as("ada", toolUrl(source, tool, "/out-" + tool), {
          method: "PATCH",
        });
        expectSafe(target, res, `${tool} ${source}`);
        expect([400, 403, 404]).toContain(res.status);
        expect(await outsideAda(target)).toEqual(before);
        await adaHoldsNoSecret();
      });
    }
  }
});

const DESTINATIONS: [string, string][] = [
  ["dot-dot", "/../stolen"],
  ["encoded dots", enc("/../..") + "/stolen"],
  ["into another scope", "/../eve/stolen"],
  ["through a link out", "/escape/stolen"],
  ["into a denied folder", "/private/stolen"],
  ["the root of the files", "/"],
];

describe("destinations outside the user's reach", () => {
  for (const [name, destination] of DESTINATIONS) {
    it(`m2hv — ${name}`, async () => {
      const res = await target.as("ada", toolUrl("/pub/text.tex", "m2hv", destination), {
        method: "PATCH",
      });
      expectSafe(target, res, `m2hv to ${destination}`);
      // `..` above the scope's root stays at the root (API.md §0.3): such a run writes inside.
      expect([200, 400, 403]).toContain(res.status);
      if (destination === "/") expect(res.status).toBe(400);
      if (destination.includes("private") || destination.includes("escape")) {
        expect(res.status).toBe(403);
      }
      expect(await outsideAda(target)).toEqual(before);
    });
  }
});

const COMMANDLINES = [
  "-f ../secret/secret.tex",
  "-f ../../secret/secret.tex",
  "-f /../secret/secret.tex",
  "-f escape/secret.tex",
  "-f ../escape/secret.tex",
  "-f ../private/denied.tex",
  "-u ../../eve/eve.tex",
  "; cat /etc/passwd",
  "-s A; id",
  "-s $(id)",
  "-s `id`",
  "-s A && id",
  "-s A || id",
  "-s A > /tmp/x",
  "-s A < /etc/passwd",
  "-s A\tB",
  "-s A\nid",
  "-s A\u0000",
  "--help",
  "-o",
  "-c A",
  "-t ../A",
  "pub/text.tex",
  "-s A pub/text.tex",
  "-s 'A B'",
  '-s "A"',
  "-s ${HOME}",
  "-s ~root",
];

describe("the command line", () => {
  for (const commandline of COMMANDLINES) {
    it(`m2hv refuses ${JSON.stringify(commandline)}`, async () => {
      const res = await target.as(
        "ada",
        toolUrl("/pub/text.tex", "m2hv", "/pub/cl-out", commandline),
        {
          method: "PATCH",
        },
      );
      expectSafe(target, res, commandline);
      // A tab or space-separated word that is valid makes a run; everything else is refused.
      if (res.status === 200) {
        expect(commandline).toBe("-s A\tB");
      } else {
        expect(res.status).toBe(400);
      }
      await adaHoldsNoSecret();
      expect(await outsideAda(target)).toEqual(before);
    });
  }
});

describe("tool names", () => {
  for (const action of [
    "mauro:../../bin/sh",
    "mauro:m2hv;id",
    "mauro:",
    "mauro:/bin/sh",
    "mauro:M2HV",
    "mauro:m2hv%00",
    "mauro:sh",
  ]) {
    it(`refuses ${action}`, async () => {
      const res = await target.as(
        "ada",
        `/api/resources/pub/text.tex?action=${encodeURIComponent(action)}&destination=%2Fpub%2Fx&commandline=`,
        { method: "PATCH" },
      );
      expect(res.status).toBe(400);
    });
  }
  for (const name of ["..%2F..%2Fbin%2Fsh", "%2Fbin%2Fsh", "sh", "m2hv%00", "M2HV"]) {
    it(`help refuses ${name}`, async () => {
      const res = await target.as("ada", `/api/mauro/help/${name}`);
      expect([400, 404]).toContain(res.status);
    });
  }
});

describe("sessions and permissions", () => {
  it("a tool run needs a session", async () => {
    const res = await target.as(undefined, toolUrl("/pub/text.tex", "m2hv", "/pub/anon"), {
      method: "PATCH",
    });
    expect(res.status).toBe(401);
    const help = await target.as(undefined, "/api/mauro/help/m2hv");
    expect(help.status).toBe(401);
  });

  it("a tool stays in the scope whatever the permissions", async () => {
    const outside = await target.as("nobody", toolUrl("/../eve/eve.tex", "m2hv", "/pub/x"), {
      method: "PATCH",
    });
    expect([403, 404]).toContain(outside.status);
    const denied = await target.as("ada", toolUrl("/../eve/eve.tex", "m2hv", "/pub/x"), {
      method: "PATCH",
    });
    expect([403, 404]).toContain(denied.status);
  });

  it("eve cannot run a tool on ada's file", async () => {
    await mkdir(path.join(target.t.root, "eve", "w"), { recursive: true });
    const res = await target.as("eve", toolUrl("/../ada/pub/text.tex", "m2hv", "/w/out"), {
      method: "PATCH",
    });
    expect([403, 404]).toContain(res.status);
  });
});

/** A run as `user`; the folder tools write into `/perm/<name>`, overwriting it when asked. */
function permRun(user: string, tool: string, name: string, override: boolean) {
  const q =
    `action=mauro%3A${tool}&destination=${encodeURIComponent(`/perm/${name}`)}` +
    `&commandline=&override=${override}`;
  return target.as(user, `/api/resources/perm/overwrite.tex?${q}`, { method: "PATCH" });
}

/**
 * Issue 27, finding 4: a tool writes files (a folder, a PDF, and through `\openout` any file
 * beside its source), so running one needs `create`, and `modify` when it overwrites: pdflatex
 * always (its PDF and auxiliary files), a folder tool with override on an existing folder.
 * Checked before anything runs; ada's files stay as they were.
 */
describe("permissions of a tool run (each permission on each tool)", () => {
  for (const tool of TOOLS) {
    for (const user of ["no-create", "download-only", "nobody"]) {
      it(`${tool} without create (${user}): 403, nothing written`, async () => {
        const snap = await snapshot(target.ada);
        const res = await permRun(user, tool, `${tool}-${user}`, false);
        expect(res.status, res.body.toString()).toBe(403);
        expect(jsonOf<{ message: string }>(res).message).toMatch(/needs the create permission/);
        expect(await snapshot(target.ada)).toEqual(snap);
      });
    }
  }

  it("pdflatex without modify: 403 before it runs, the file beside the source not overwritten", async () => {
    const snap = await snapshot(target.ada);
    const res = await permRun("no-modify", "pdflatex", "unused", false);
    expect(res.status, res.body.toString()).toBe(403);
    expect(jsonOf<{ message: string }>(res).message).toMatch(/needs the modify permission/);
    expect(await snapshot(target.ada)).toEqual(snap);
    expect(await readFile(path.join(target.ada, "perm", "victim.txt"), "utf8")).toBe(
      "ada's own words\n",
    );
  });

  for (const tool of ["m2hv", "m2lv", "m2ledmac"]) {
    it(`${tool} without modify: overwriting an existing folder is 403, a new folder is made`, async () => {
      await mkdir(path.join(target.ada, "perm", `${tool}-kept`), { recursive: true });
      await writeFile(path.join(target.ada, "perm", `${tool}-kept`, "notes.txt"), "kept\n");
      const snap = await snapshot(target.ada);
      const res = await permRun("no-modify", tool, `${tool}-kept`, true);
      expect(res.status, res.body.toString()).toBe(403);
      expect(jsonOf<{ message: string }>(res).message).toMatch(/needs the modify permission/);
      expect(await snapshot(target.ada)).toEqual(snap);
      // The control: create is enough for a folder that does not exist yet.
      const made = await permRun("no-modify", tool, `${tool}-new`, true);
      expect(made.status, made.body.toString()).toBe(200);
    });
  }

  it("with create and modify, pdflatex runs (and its \\openout writes beside the source)", async () => {
    const res = await permRun("ada", "pdflatex", "unused", false);
    expect(res.status, res.body.toString()).toBe(200);
    expect(await readFile(path.join(target.ada, "perm", "victim.txt"), "utf8")).toBe(
      "overwritten by a compile\n",
    );
    await writeFile(path.join(target.ada, "perm", "victim.txt"), "ada's own words\n");
  });
});
