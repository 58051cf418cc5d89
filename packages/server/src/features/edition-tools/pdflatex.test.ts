import { execFileSync } from "node:child_process";
import { lstat, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolRunResult } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

/** pdflatex for real (TeX Live from Debian; .ci/run installs it), on the compilers' output. */
let t: ToolsTarget;
beforeEach(async () => {
  t = await createToolsTarget({
    tools: (tools) => {
      const pdflatex = tools.find((x) => x.name === "pdflatex");
      if (pdflatex) pdflatex.timeoutSeconds = 20;
    },
  });
});
afterEach(() => t.close());

const run = async (url: string) => {
  const res = await t.app.inject({ method: "PATCH", url, headers: { "x-auth": t.adaToken } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ToolRunResult>();
};
const pdflatex = (source: string) => run(toolUrl(source, "pdflatex", { destination: "/" }));
const pdfText = (file: string) => execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
const inAda = (p: string) => path.join(t.ada, p);
const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

describe("pdflatex", () => {
  it.each(["m2lv", "m2ledmac"])(
    "compiles %s's output of a fixture into a PDF beside it",
    async (tool) => {
      expect((await run(toolUrl("/docs/varia-de-centris.tex", tool))).ok).toBe(true);
      const source = `/docs/varia-de-centris_${tool}/varia-de-centris.m.tex`;
      const result = await pdflatex(source);
      expect(result).toMatchObject({
        ok: true,
        exitCode: 0,
        log: `/docs/varia-de-centris_${tool}/varia-de-centris.m.pdflatex.log`,
        output: `/docs/varia-de-centris_${tool}/varia-de-centris.m.pdf`,
      });
      expect(pdfText(inAda(`docs/varia-de-centris_${tool}/varia-de-centris.m.pdf`))).toContain(
        "praecedens correctio",
      );
      const log = await readFile(
        inAda(`docs/varia-de-centris_${tool}/varia-de-centris.m.pdflatex.log`),
        "utf8",
      );
      expect(log).toMatch(
        /^EXECUTING: pdflatex -interaction=nonstopmode -file-line-error -no-shell-escape -synctex=1 \.\/varia-de-centris\.m\.tex\n/,
      );
    },
    60_000,
  );

  it("runs twice when the first run asks for it (cross-references)", async () => {
    await writeFile(
      inAda("docs/refs.tex"),
      "\\documentclass{article}\n\\begin{document}\nSee section~\\ref{s}.\n\\section{One}\\label{s}\nText.\n\\end{document}\n",
    );
    const result = await pdflatex("/docs/refs.tex");
    expect(result.ok).toBe(true);
    const log = await readFile(inAda("docs/refs.pdflatex.log"), "utf8");
    expect(log.match(/^EXECUTING: /gm)).toHaveLength(2);
    expect(pdfText(inAda("docs/refs.pdf"))).toMatch(/See section 1\./);
  }, 60_000);

  it("reports TeX's errors at their line, and is not ok", async () => {
    await writeFile(
      inAda("docs/bad.tex"),
      "\\documentclass{article}\n\\begin{document}\nText.\n\\undefinedmacro\n\\end{document}\n",
    );
    const result = await pdflatex("/docs/bad.tex");
    expect(result.ok).toBe(false);
    expect(result.exitCode).not.toBe(0);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ file: "/docs/bad.tex", line: 4, severity: "error" }),
    );
  }, 60_000);
});

describe("pdflatex attacks", () => {
  it("does not read /etc/passwd through \\input", async () => {
    await writeFile(
      inAda("docs/passwd.tex"),
      "\\documentclass{article}\n\\begin{document}\n\\input{/etc/passwd}\n\\end{document}\n",
    );
    const result = await pdflatex("/docs/passwd.tex");
    expect(result.ok).toBe(false);
    const log = await readFile(inAda("docs/passwd.pdflatex.log"), "utf8");
    expect(log).not.toMatch(/root:x:0/);
  }, 60_000);

  it("does not \\openin outside the folder, and \\write18 runs nothing", async () => {
    await writeFile(path.join(t.bob, "secret.txt"), "bob's secret\n");
    await writeFile(
      inAda("docs/probe.tex"),
      [
        "\\documentclass{article}",
        "\\begin{document}",
        "\\newread\\r",
        "\\openin\\r=/etc/hostname \\ifeof\\r HOSTNAME-NOT-READ\\else HOSTNAME-READ\\fi\\closein\\r",
        "\\openin\\r=../../bob/secret.txt \\ifeof\\r SECRET-NOT-READ\\else SECRET-READ\\fi\\closein\\r",
        "\\immediate\\write18{touch pwned}",
        "Done.",
        "\\end{document}",
      ].join("\n"),
    );
    const result = await pdflatex("/docs/probe.tex");
    expect(result.output).toBe("/docs/probe.pdf");
    const text = pdfText(inAda("docs/probe.pdf"));
    expect(text).toContain("HOSTNAME-NOT-READ");
    expect(text).toContain("SECRET-NOT-READ");
    expect(await exists(inAda("docs/pwned"))).toBe(false);
  }, 60_000);

  it("kills an endless macro at the timeout and leaves nothing running", async () => {
    await t.close();
    t = await createToolsTarget({
      tools: (tools) => {
        const tex = tools.find((x) => x.name === "pdflatex");
        if (tex) tex.timeoutSeconds = 2;
      },
    });
    await writeFile(
      inAda("docs/endless-loop-probe.tex"),
      "\\documentclass{article}\n\\begin{document}\n\\def\\x{\\x}\\x\n\\end{document}\n",
    );
    const result = await pdflatex("/docs/endless-loop-probe.tex");
    expect(result.exitCode).toBeNull();
    expect(result.ok).toBe(false);
    expect(await readFile(inAda("docs/endless-loop-probe.pdflatex.log"), "utf8")).toContain(
      "time limit of 2 s",
    );
    await new Promise((r) => setTimeout(r, 300));
    const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    expect(ps).not.toContain("endless-loop-probe");
  }, 60_000);
});
