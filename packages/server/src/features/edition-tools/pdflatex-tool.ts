import path from "node:path";
import { stemOf, toolLogName, type ToolRunResult } from "@scriptorium/shared";
import type { Runner, RunOutcome } from "../../runner/runner.js";
import { diagnosticsOf, logSection, ranClean, writeLog } from "./run-log.js";
import type { ToolRun } from "./tool-run.js";

/** TeX's own switches: never stop for input, `file:line:` errors, no `\write18`, SyncTeX data. */
const TEX_FLAGS = [
  "-interaction=nonstopmode",
  "-file-line-error",
  "-no-shell-escape",
  "-synctex=1",
];
/**
 * kpathsea: paranoid reading and writing (no absolute paths, no `..`, no dot files); messages
 * not wrapped at 79 columns, so each diagnostic stays on its line.
 */
const TEX_ENV = { openin_any: "p", openout_any: "p", max_print_line: "1000" };
/** What LaTeX and its packages print when a second run would change the output. */
const RERUN = /Rerun to get|Rerun LaTeX|rerun LaTeX|Please rerun|Numbering has changed/;

/**
 * pdflatex (API.md Part A §9): runs in the source's folder, paranoid file access, no shell
 * escape; a second time when the first run asks for it (references, reledmac's notes);
 * `pdflatex.OUT.log` beside the source holds both runs.
 */
export async function runPdflatex(runner: Runner, run: ToolRun): Promise<ToolRunResult> {
  const { fs, tool, source } = run;
  const folder = path.posix.dirname(source.path);
  const folderAbs = path.dirname(source.abs);
  const base = path.basename(source.real);
  const args = [...TEX_FLAGS, ...run.args, `./${base}`];
  const command = [tool.executable, ...args];

  const once = () =>
    runner.run({
      owner: `user:${run.user.id}`,
      executable: run.executable,
      args,
      cwd: path.dirname(source.real),
      writable: run.scope,
      readOnly: run.toolFolders,
      masked: run.masked,
      path: run.toolFolders,
      env: TEX_ENV,
      timeoutMs: tool.timeoutSeconds * 1000,
      signal: run.signal,
    });
  const outcomes: RunOutcome[] = [await once()];
  const first = outcomes[0] as RunOutcome;
  if (first.exitCode === 0 && RERUN.test(first.output)) outcomes.push(await once());
  const last = outcomes[outcomes.length - 1] as RunOutcome;

  const logName = toolLogName(tool.name);
  const logText = outcomes
    .map((o) => logSection(command, source.path, o, tool.timeoutSeconds))
    .join("");
  await writeLog(fs, path.join(folderAbs, logName), logText);
  const pdfName = `${stemOf(base)}.pdf`;
  const pdf = (await fs.exists(path.join(folderAbs, pdfName)))
    ? path.posix.join(folder, pdfName)
    : undefined;
  const diagnostics = diagnosticsOf(logText, source.path);
  return {
    log: path.posix.join(folder, logName),
    exitCode: last.exitCode,
    ok: ranClean(last, diagnostics) && pdf !== undefined,
    diagnostics,
    ...(pdf ? { output: pdf } : {}),
  };
}
