import { execFileSync } from "node:child_process";
import { copyFile, cp, lstat, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolRunResult } from "@scriptorium/shared";
import { afterEach, describe, expect, it } from "vitest";
import { createRunner } from "../../runner/runner.js";
import { errorOf } from "../../test/helpers.js";
import {
  createToolsTarget,
  SUPPORT_FOLDER,
  toolUrl,
  type ToolsTarget,
} from "../../test/tools-target.js";

/**
 * The PDF pipelines (issue 30) for real: the stand-in compilers, then TeX Live's pdflatex in the
 * bubblewrap sandbox, with the test support folder (our own mauro.sty, mauroreledmac.sty and
 * METAFONT font mauro.mf), and the server's font cache.
 */
let t: ToolsTarget;
afterEach(() => t.close());

const run = (url: string, token = t.adaToken) =>
  t.app.inject({ method: "PATCH", url, headers: { "x-auth": token } });
const ok = async (url: string) => {
  const res = await run(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ToolRunResult>();
};
const inAda = (p: string) => path.join(t.ada, p);
const fontCache = () => path.join(t.dir, "fonts");
const pdfText = (file: string) => execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

describe("m2lv-pdf and m2ledmac-pdf", () => {
  it.each(["m2lv", "m2ledmac"])(
    "%s then pdflatex: one run, one log, the PDF with the support folder's font",
    async (compiler) => {
      t = await createToolsTarget();
      const tool = `${compiler}-pdf`;
      const dest = `/docs/varia-de-centris_${tool}`;
      const result = await ok(toolUrl("/docs/varia-de-centris.tex", tool));
      expect(result).toMatchObject({
        ok: true,
        exitCode: 0,
        log: `${dest}/varia-de-centris.${tool}.log`,
        output: `${dest}/varia-de-centris.m.pdf`,
      });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const files = await readdir(inAda(dest));
      expect(files).toEqual(
        expect.arrayContaining(["varia-de-centris.m.tex", "varia-de-centris.m.synctex.gz"]),
      );
      expect(files).not.toContain("varia-de-centris.tex");
      expect(pdfText(inAda(`${dest}/varia-de-centris.m.pdf`))).toContain("praecedens correctio");
      const log = await readFile(inAda(`${dest}/varia-de-centris.${tool}.log`), "utf8");
      const commands = log.match(/^EXECUTING: .*$/gm) ?? [];
      expect(commands[0]).toBe(`EXECUTING: ${compiler} ./varia-de-centris.tex`);
      expect(commands[1]).toBe(
        "EXECUTING: pdflatex -interaction=nonstopmode -file-line-error -no-shell-escape -synctex=1 ./varia-de-centris.m.tex",
      );
      // The style and the font came from the support folder, as the sandbox shows it.
      expect(log).toContain("/texmf-support/0/mauro.sty");
      expect(log).toMatch(/mktextfm/);
      expect(await exists(path.join(fontCache(), "mauro.tfm"))).toBe(true);
      expect(await exists(path.join(fontCache(), "mauro.600pk"))).toBe(true);
      // No path of the server's own layout reaches the log.
      expect(log).not.toContain(t.dir);
      expect(log).not.toContain(SUPPORT_FOLDER);
    },
    120_000,
  );

  it("the second compile makes no font again: mktextfm ran once, the cache serves the next runs", async () => {
    t = await createToolsTarget();
    await ok(toolUrl("/docs/varia-de-centris.tex", "m2lv-pdf"));
    const first = await readFile(
      inAda("docs/varia-de-centris_m2lv-pdf/varia-de-centris.m2lv-pdf.log"),
      "utf8",
    );
    expect(first).toContain("kpathsea: Running mktextfm mauro");
    const tfm = await readFile(path.join(fontCache(), "mauro.tfm"));
    const second = await ok(toolUrl("/docs/varia-de-centris.tex", "m2ledmac-pdf"));
    expect(second.ok).toBe(true);
    const again = await ok(toolUrl("/docs/varia-de-centris.tex", "m2lv-pdf", { override: true }));
    expect(again.ok).toBe(true);
    for (const log of [second.log, again.log]) {
      const text = await readFile(inAda(log), "utf8");
      expect(text).not.toMatch(/mktextfm|mktexpk/);
      expect(text).toContain("/texmf-fonts/cache/mauro.600pk");
    }
    expect(await readFile(path.join(fontCache(), "mauro.tfm"))).toEqual(tfm);
    // The earlier log of the same source and tool is kept.
    expect(
      await exists(inAda("docs/varia-de-centris_m2lv-pdf/varia-de-centris.m2lv-pdf.1.log")),
    ).toBe(true);
  }, 120_000);

  it("without the support folder, pdflatex fails as the issue says, each message from its step", async () => {
    t = await createToolsTarget({ supportFolders: [] });
    const result = await ok(toolUrl("/docs/varia-de-centris.tex", "m2lv-pdf"));
    expect(result.ok).toBe(false);
    expect(result.output).toBeUndefined();
    const log = await readFile(inAda(result.log), "utf8");
    expect(log).toContain("I can't find file `mauro'");
    expect(log).toContain("Font \\mauro=mauro not loadable");
    expect(log).toContain("File `mauro.sty' not found");
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) expect(d.step).toBe("pdflatex");
    expect(errors).toContainEqual(
      expect.objectContaining({ file: "/docs/varia-de-centris_m2lv-pdf/varia-de-centris.m.tex" }),
    );
    expect(await readdir(fontCache()).catch(() => [])).toEqual([]);
  }, 120_000);

  it("a compiler's error stops the pipeline before pdflatex, placed in the Mauro-TeX source", async () => {
    t = await createToolsTarget();
    // A reading with no witness: the compilers refuse it (at line 3) and write nothing.
    await writeFile(
      inAda("docs/broken.tex"),
      "\\documentclass{article}\n\\begin{document}\n\\htmlcut Testo \\VV{} fine\n\\end{document}\n",
    );
    const result = await ok(toolUrl("/docs/broken.tex", "m2lv-pdf"));
    expect(result.ok).toBe(false);
    expect(result.output).toBeUndefined();
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ file: "/docs/broken.tex", line: 3, step: "m2lv" }),
    );
    const log = await readFile(inAda(result.log), "utf8");
    expect(log).toContain("---- pdflatex not run: m2lv did not end cleanly");
    expect(log.match(/^EXECUTING: /gm)).toHaveLength(1);
  }, 60_000);

  it("works without the sandbox too (--unsandboxed-programs)", async () => {
    t = await createToolsTarget({
      app: { runner: createRunner({ sandbox: "none", unsandboxedPrograms: true }) },
    });
    const result = await ok(toolUrl("/docs/varia-de-centris.tex", "m2ledmac-pdf"));
    expect(result.ok).toBe(true);
    expect(result.output).toBe("/docs/varia-de-centris_m2ledmac-pdf/varia-de-centris.m.pdf");
    expect(await exists(path.join(fontCache(), "mauro.tfm"))).toBe(true);
    const again = await ok(toolUrl("/docs/citlonga.tex", "m2lv-pdf"));
    expect(again.ok).toBe(true);
    expect(await readFile(inAda(again.log), "utf8")).not.toMatch(/mktextfm/);
  }, 120_000);

  it("each step's program must be installed (501) and its tool on (403), before anything runs", async () => {
    t = await createToolsTarget({
      tools: (tools) => {
        const m2lv = tools.find((x) => x.name === "m2lv");
        if (m2lv) m2lv.executable = "no-such-compiler";
        const pdflatex = tools.find((x) => x.name === "pdflatex");
        if (pdflatex) pdflatex.enabled = false;
      },
    });
    const missing = await run(toolUrl("/docs/citlonga.tex", "m2lv-pdf"));
    expect(missing.statusCode).toBe(501);
    expect(errorOf(missing).message).toContain('program "no-such-compiler" not found');
    const off = await run(toolUrl("/docs/citlonga.tex", "m2ledmac-pdf"));
    expect(off.statusCode).toBe(403);
    expect(errorOf(off).message).toMatch(/m2ledmac-pdf runs pdflatex, which is switched off/);
    expect(await exists(inAda("docs/citlonga_m2lv-pdf"))).toBe(false);
    expect(await exists(inAda("docs/citlonga_m2ledmac-pdf"))).toBe(false);
  });
});

describe("diagnostics of the support files", () => {
  it("an error in a support folder's style names the style as the sandbox shows it", async () => {
    const support = await mkdtemp(path.join(tmpdir(), "scriptorium-support-"));
    try {
      await cp(SUPPORT_FOLDER, support, { recursive: true });
      await writeFile(
        path.join(support, "broken.sty"),
        "\\ProvidesPackage{broken}\n% a style with a mistake\n\\undefinedinstyle\n\\endinput\n",
      );
      t = await createToolsTarget({ supportFolders: [support] });
      await writeFile(
        inAda("docs/uses-style.tex"),
        "\\documentclass{article}\n\\usepackage{broken}\n\\begin{document}\nText.\n\\end{document}\n",
      );
      const result = await ok(toolUrl("/docs/uses-style.tex", "pdflatex", { destination: "/" }));
      expect(result.ok).toBe(false);
      // The style as the sandbox shows it, never its path on the server; the error is placed in
      // the style (outside the user's files: its name and its own line, no link).
      const log = await readFile(inAda("docs/uses-style.pdflatex.log"), "utf8");
      expect(log).toContain("/texmf-support/0/broken.sty:3: Undefined control sequence.");
      expect(log).not.toContain(support);
      const error = result.diagnostics.find((d) => d.severity === "error");
      expect(error).toMatchObject({ file: "broken.sty", line: 3, outside: true });
      expect(JSON.stringify(result.diagnostics)).not.toContain(support);
    } finally {
      await rm(support, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the font cache", () => {
  it("a font made from the user's own METAFONT file is made for the run, never shared", async () => {
    t = await createToolsTarget();
    await copyFile(path.join(SUPPORT_FOLDER, "mauro.mf"), inAda("docs/mine.mf"));
    await writeFile(
      inAda("docs/own-font.tex"),
      "\\documentclass{article}\n\\font\\mine=mine\n\\begin{document}\nX{\\mine AB}X\n\\end{document}\n",
    );
    const result = await ok(toolUrl("/docs/own-font.tex", "pdflatex", { destination: "/" }));
    expect(result.ok).toBe(true);
    expect(await readFile(inAda("docs/own-font.pdflatex.log"), "utf8")).toContain(
      "Running mktextfm mine",
    );
    expect(await readdir(fontCache())).not.toEqual(expect.arrayContaining(["mine.tfm"]));
    // Nor does it land beside the source: the run's fonts go to a folder of its own.
    expect(await exists(inAda("docs/mine.tfm"))).toBe(false);
    // The next run makes it again.
    await ok(toolUrl("/docs/own-font.tex", "pdflatex", { destination: "/" }));
    expect(await readFile(inAda("docs/own-font.pdflatex.log"), "utf8")).toContain(
      "Running mktextfm mine",
    );
  }, 60_000);

  it("a user's METAFONT file named like the support's does not reach the cache", async () => {
    t = await createToolsTarget();
    // A different font under the support font's name, beside the document.
    const own = (await readFile(path.join(SUPPORT_FOLDER, "mauro.mf"), "utf8")).replace(
      "em# := 8pt#",
      "em# := 30pt#",
    );
    await writeFile(inAda("docs/mauro.mf"), own);
    await writeFile(
      inAda("docs/poison.tex"),
      "\\documentclass{article}\n\\font\\m=mauro\n\\begin{document}\n{\\m A}\n\\end{document}\n",
    );
    expect((await ok(toolUrl("/docs/poison.tex", "pdflatex", { destination: "/" }))).ok).toBe(true);
    // What the cache holds is the support folder's font, built without the user's files.
    const cached = await readFile(path.join(fontCache(), "mauro.tfm"));
    const clean = execFileSync("tftopl", [path.join(fontCache(), "mauro.tfm")], {
      encoding: "utf8",
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(clean).toMatch(/\(CHARWD R 0\.8\d*\)/);
    expect(clean).not.toMatch(/\(CHARWD R 3\.0/);
  }, 60_000);
});

describe("logs per source and run", () => {
  it("writes <stem>.<tool>.log beside the source, keeping the last few", async () => {
    t = await createToolsTarget();
    await writeFile(
      inAda("docs/short.tex"),
      "\\documentclass{article}\n\\begin{document}\nShort.\n\\end{document}\n",
    );
    await writeFile(
      inAda("docs/other.tex"),
      "\\documentclass{article}\n\\begin{document}\nOther.\n\\end{document}\n",
    );
    for (let i = 0; i < 6; i++) {
      await writeFile(
        inAda("docs/short.tex"),
        `\\documentclass{article}\n\\begin{document}\nRun ${i}.\n\\end{document}\n`,
      );
      const result = await ok(toolUrl("/docs/short.tex", "pdflatex", { destination: "/" }));
      expect(result.log).toBe("/docs/short.pdflatex.log");
    }
    await ok(toolUrl("/docs/other.tex", "pdflatex", { destination: "/" }));
    const logs = (await readdir(inAda("docs"))).filter((n) => n.endsWith(".log")).sort();
    expect(logs).toEqual(
      expect.arrayContaining([
        "other.pdflatex.log",
        "short.pdflatex.log",
        "short.pdflatex.1.log",
        "short.pdflatex.2.log",
        "short.pdflatex.3.log",
        "short.pdflatex.4.log",
      ]),
    );
    expect(logs).not.toContain("short.pdflatex.5.log");
    expect(await exists(inAda("docs/pdflatex.OUT.log"))).toBe(false);
    // The PDF's log is TeX's own (`short.log`), untouched by ours; the newest is the last run's.
    expect(await readFile(inAda("docs/short.pdflatex.log"), "utf8")).toContain(
      "SOURCE: /docs/short.tex",
    );
    expect(pdfText(inAda("docs/short.pdf"))).toContain("Run 5.");
    expect(await exists(inAda("docs/short.synctex.gz"))).toBe(true);
  }, 120_000);
});
