import path from "node:path";
import type { Diagnostic, ToolRunResult } from "@scriptorium/shared";
import type { PatchQuery } from "../../lib/route-params.js";
import type { Runner } from "../../runner/runner.js";
import { runCompilerStep } from "./folder-tool.js";
import { runLatex, type LatexOutcome } from "./latex-step.js";
import { diagnosticsOf, ranClean, writeRunLog } from "./run-log.js";
import type { ToolRun } from "./tool-run.js";

/** The diagnostics of one step's part of the log, marked with the step that printed them. */
function stepDiagnostics(log: string, file: string, step: string, copyName?: string): Diagnostic[] {
  return diagnosticsOf(log, file, copyName).map((d) => ({ ...d, step }));
}

/**
 * A PDF pipeline (`m2lv-pdf`, `m2ledmac-pdf`; issue 30): the compiler runs as a folder tool into
 * the destination, then, when it ran clean and wrote `<stem>.m.tex`, the LaTeX tool runs on that
 * file in the destination (twice when asked for). One log `{dest}/<stem>.<tool>.log` holds both
 * steps; the answer's diagnostics are the compiler's (placed in the Mauro-TeX source) and
 * pdflatex's (in the `.m.tex`, or the file TeX was reading), each with its `step`; `output` is
 * the PDF.
 */
export async function runPdfPipeline(
  runner: Runner,
  run: ToolRun,
  query: PatchQuery,
): Promise<ToolRunResult> {
  const { fs, tool, source } = run;
  const steps = run.steps;
  if (!steps) throw new Error(`${tool.name} has no steps`);
  const compiler = await runCompilerStep(runner, run, query);
  const { dest, stem } = compiler;
  const texName = `${stem}.m.tex`;
  const texPath = path.posix.join(dest.path, texName);
  const compilerDiagnostics = stepDiagnostics(
    compiler.log,
    source.path,
    steps.compiler.tool.name,
    compiler.copyName,
  );
  const compiled = ranClean(compiler.outcome, compilerDiagnostics);
  // What the compiler wrote, as a file of its own (never a link: TeX reads it in the sandbox).
  const written = (await fs.lstatOrNone(path.join(dest.abs, texName)))?.isFile() === true;

  let latex: LatexOutcome | undefined;
  let skipped = "";
  if (compiled && written) {
    latex = await runLatex(
      runner,
      run,
      {
        tool: steps.latex.tool,
        executable: steps.latex.executable,
        args: [],
        toolFolders: steps.latex.toolFolders,
        cwd: dest.real,
        file: texName,
        shown: texPath,
      },
      run.latex,
    );
  } else {
    skipped = `---- ${steps.latex.tool.name} not run: ${
      compiled
        ? `${steps.compiler.tool.name} wrote no ${texName}`
        : `${steps.compiler.tool.name} did not end cleanly`
    }\n`;
  }
  const log = await writeRunLog(
    fs,
    dest,
    path.posix.basename(source.path),
    tool.name,
    compiler.log + (latex?.log ?? skipped),
  );
  const latexDiagnostics = latex ? stepDiagnostics(latex.log, texPath, steps.latex.tool.name) : [];
  const pdfName = `${stem}.m.pdf`;
  const pdf =
    latex && (await fs.lstatOrNone(path.join(dest.abs, pdfName)))?.isFile()
      ? path.posix.join(dest.path, pdfName)
      : undefined;
  const last = latex?.last ?? compiler.outcome;
  return {
    log,
    exitCode: last.exitCode,
    ok:
      compiled &&
      latex !== undefined &&
      ranClean(latex.last, latexDiagnostics) &&
      pdf !== undefined,
    diagnostics: [...compilerDiagnostics, ...latexDiagnostics],
    ...(pdf ? { output: pdf } : {}),
  };
}
