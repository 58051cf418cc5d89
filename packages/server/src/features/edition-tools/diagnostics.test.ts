import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolRunResult } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

/** Issue 30 (2): pdflatex for real, in the real sandbox; its messages placed in the right file. */
let t: ToolsTarget;
beforeEach(async () => {
  t = await createToolsTarget({
    tools: (tools) => {
      const pdflatex = tools.find((x) => x.name === "pdflatex");
      if (pdflatex) pdflatex.timeoutSeconds = 30;
    },
  });
});
afterEach(() => t.close());

const pdflatex = async (source: string) => {
  const res = await t.app.inject({
    method: "PATCH",
    url: toolUrl(source, "pdflatex", { destination: "/" }),
    headers: { "x-auth": t.adaToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ToolRunResult>();
};
const write = (p: string, lines: string[]) => writeFile(path.join(t.ada, p), lines.join("\n"));

describe("pdflatex's diagnostics", () => {
  it("places an error of a file named with a space and an accent at its line", async () => {
    await write("docs/con errore.tex", [
      "\\documentclass{article}",
      "\\begin{document}",
      "Testo (con parentesi) e [1] altro.",
      "Città.",
      "\\undefinedmacro",
      "\\end{document}",
    ]);
    const result = await pdflatex("/docs/con errore.tex");
    expect(result.ok).toBe(false);
    expect(result.log.startsWith("/docs/")).toBe(true);
    expect(result.diagnostics).toEqual([
      {
        file: "/docs/con errore.tex",
        line: 5,
        severity: "error",
        message: "Undefined control sequence.",
      },
    ]);
  }, 60_000);

  it("places an error raised while a style file is read in the style file, at its line", async () => {
    await write("docs/mystyle.sty", [
      "\\ProvidesPackage{mystyle}",
      "\\newcommand{\\hello}{Hello}",
      "% a comment",
      "\\badmacroinstyle",
      "\\endinput",
    ]);
    await write("docs/perché sì.tex", [
      "\\documentclass{article}",
      "\\usepackage{mystyle}",
      "\\begin{document}",
      "\\hello, see \\ref{nowhere}.",
      "\\end{document}",
    ]);
    const result = await pdflatex("/docs/perché sì.tex");
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      {
        file: "/docs/mystyle.sty",
        line: 4,
        severity: "error",
        message: "Undefined control sequence.",
      },
      {
        file: "/docs/perché sì.tex",
        line: 4,
        severity: "warning",
        message: "Reference `nowhere' on page 1 undefined",
      },
    ]);
  }, 60_000);
});
