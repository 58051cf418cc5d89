import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SyncTexAnswer, ToolStates } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, STANDIN_FOLDER, SUPPORT_FOLDER } from "../test/tools-target.js";
import { encodePath, errorBody, startCompat, type Compat } from "./fb-client.js";

/**
 * The Maurolico fork's tool calls (API.md §2.10, Part A §9–§10), as its web client sends them:
 * the destination encoded twice, the command line encoded once [QUIRK], no body; the help text
 * fetched with the token. The tools are the stand-in compilers and the real pdflatex.
 */
let c: Compat;
beforeAll(async () => {
  c = await startCompat((s) => {
    s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
    s.tools.supportFolders = [SUPPORT_FOLDER];
  });
  await mkdir(path.join(c.scope, "docs"), { recursive: true });
  await copyFile(path.join(FIXTURES, "citlonga.tex"), path.join(c.scope, "docs", "citlonga.tex"));
});
afterAll(() => c.t.close());

const dest = (p: string) => encodeURIComponent(encodePath(p));

describe("mauro: tool actions (§2.10)", () => {
  it("runs m2hv with the fork's request: destination twice encoded, command line once", async () => {
    const res = await c.api(
      `/api/resources${encodePath("/docs/citlonga.tex")}?action=mauro:m2hv&destination=${dest("/docs/citlonga_m2hv")}&commandline=${encodeURIComponent("-s A")}&override=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { log: string; exitCode: number };
    // The fork's client navigates to `{dest}/<stem>.m2hv.log` after success: that file exists.
    expect(body.log).toBe("/docs/citlonga_m2hv/citlonga.m2hv.log");
    expect(body.exitCode).toBe(0);
    expect(await readdir(path.join(c.scope, "docs", "citlonga_m2hv"))).toContain(
      "citlonga.m2hv.log",
    );
  });

  it("answers 409 with an error body when the output folder exists and override is not set", async () => {
    const res = await c.api(
      `/api/resources/docs/citlonga.tex?action=mauro:m2hv&destination=${dest("/docs/citlonga_m2hv")}&commandline=&override=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(409);
    await errorBody(res);
  });

  it("runs pdflatex whatever destination the client sends (the fork sent none)", async () => {
    for (const query of ["", `&destination=${dest("/")}`]) {
      const res = await c.api(
        `/api/resources/docs/citlonga_m2hv/../citlonga.tex?action=mauro:pdflatex${query}&commandline=`,
        { method: "PATCH" },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { log: string };
      expect(body.log).toBe("/docs/citlonga.pdflatex.log");
    }
  });

  it("runs a PDF pipeline with the fork's request: one answer, the PDF as its output (issue 30)", async () => {
    const res = await c.api(
      `/api/resources${encodePath("/docs/citlonga.tex")}?action=mauro:m2lv-pdf&destination=${dest("/docs/citlonga_m2lv-pdf")}&commandline=&override=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { log: string; ok: boolean; output?: string };
    expect(body).toMatchObject({
      ok: true,
      log: "/docs/citlonga_m2lv-pdf/citlonga.m2lv-pdf.log",
      output: "/docs/citlonga_m2lv-pdf/citlonga.m.pdf",
    });
  });

  it("answers 400 with an error body for an action it does not know", async () => {
    const res = await c.api(
      `/api/resources/docs/citlonga.tex?action=mauro:m2xyz&destination=%2Fx`,
      {
        method: "PATCH",
      },
    );
    expect(res.status).toBe(400);
    await errorBody(res);
  });
});

describe("editor-command help (§2.10 [OPEN], Part A §10)", () => {
  it("returns the help text as text/plain", async () => {
    const res = await c.api("/api/mauro/help/m2lv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(await res.text()).toContain("-p");
  });
});

describe("the tools in File Browser's settings page (§8.4)", () => {
  it("a PUT /api/settings without `tools` keeps the support folders and the tools", async () => {
    const admin = await c.t.login();
    const read = async () =>
      (await (await c.api("/api/settings", { token: admin })).json()) as Record<string, unknown> & {
        tools: { supportFolders: string[]; tools: { name: string }[] };
      };
    const before = await read();
    expect(before.tools.supportFolders).toEqual([SUPPORT_FOLDER]);
    // File Browser's settings page knows none of our keys: it sends its own fields only.
    const ours = ["tools", "trash", "versions", "activity", "programs"];
    const fileBrowsers = Object.fromEntries(
      Object.entries(before).filter(([key]) => !ours.includes(key)),
    );
    const put = await c.api("/api/settings", {
      method: "PUT",
      token: admin,
      body: JSON.stringify({ ...fileBrowsers, signup: true }),
    });
    expect(put.status).toBe(200);
    const after = await read();
    expect(after.signup).toBe(true);
    expect(after.tools).toEqual(before.tools);
    expect(after.tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["m2lv-pdf", "m2ledmac-pdf"]),
    );
  });
});

describe("the routes of issue 30, asked with the fork's token and its path encoding", () => {
  it("lists the tools and whether each is installed (GET /api/mauro/tools)", async () => {
    const res = await c.api("/api/mauro/tools");
    expect(res.status).toBe(200);
    const states = (await res.json()) as ToolStates;
    const installed = Object.fromEntries(states.tools.map((t) => [t.name, t.installed]));
    expect(installed).toMatchObject({ m2hv: true, pdflatex: true, "m2lv-pdf": true });
  });

  it("goes from a source line to the PDF and back for a name with a blank and a # (GET /api/synctex)", async () => {
    await writeFile(
      path.join(c.scope, "docs", "cap 1 #a.tex"),
      "\\documentclass{article}\n\\begin{document}\nPrimus versus.\n\n\\end{document}\n",
    );
    const run = await c.api(
      `/api/resources${encodePath("/docs/cap 1 #a.tex")}?action=mauro:pdflatex&commandline=`,
      { method: "PATCH" },
    );
    expect(run.status).toBe(200);
    expect(((await run.json()) as { output?: string }).output).toBe("/docs/cap 1 #a.pdf");

    const pdf = `/api/synctex${encodePath("/docs/cap 1 #a.pdf")}`;
    const forward = await c.api(`${pdf}?file=${encodeURIComponent("/docs/cap 1 #a.tex")}&line=3`);
    expect(forward.status).toBe(200);
    const [box] = ((await forward.json()) as SyncTexAnswer).boxes ?? [];
    expect(box?.page).toBe(1);
    const x = (box?.x ?? 0) + 1;
    const y = (box?.y ?? 0) + (box?.height ?? 0) / 2;
    const backward = await c.api(`${pdf}?page=1&x=${x}&y=${y}`);
    expect(backward.status).toBe(200);
    expect(((await backward.json()) as SyncTexAnswer).source).toMatchObject({
      file: "/docs/cap 1 #a.tex",
      line: 3,
    });
  });
});
