import path from "node:path";
import { stemOf, type ToolRunResult } from "@scriptorium/shared";
import type { Runner } from "../../runner/runner.js";
import { runLatex } from "./latex-step.js";
import { diagnosticsOf, ranClean, writeRunLog } from "./run-log.js";
import type { ToolRun } from "./tool-run.js";

/**
 * pdflatex (API.md Part A §9): runs in the source's folder (latex-step.ts says how);
 * `<stem>.pdflatex.log` beside the source holds both runs, earlier logs kept (issue 30).
 */
export async function runPdflatex(runner: Runner, run: ToolRun): Promise<ToolRunResult> {
  const { fs, tool, source } = run;
  const folder = { path: path.posix.dirname(source.path), abs: path.dirname(source.abs) };
  const base = path.basename(source.real);
  const latex = await runLatex(
    runner,
    run,
    {
      tool,
      executable: run.executable,
      args: run.args,
      toolFolders: run.toolFolders,
      cwd: path.dirname(source.real),
      file: base,
      shown: source.path,
    },
    run.latex,
  );
  const log = await writeRunLog(fs, folder, path.posix.basename(source.path), tool.name, latex.log);
  const pdfName = `${stemOf(base)}.pdf`;
  const pdf = (await fs.exists(path.join(folder.abs, pdfName)))
    ? path.posix.join(folder.path, pdfName)
    : undefined;
  const diagnostics = diagnosticsOf(latex.log, source.path);
  return {
    log,
    exitCode: latex.last.exitCode,
    ok: ranClean(latex.last, diagnostics) && pdf !== undefined,
    diagnostics,
    ...(pdf ? { output: pdf } : {}),
  };
}
