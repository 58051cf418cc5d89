import type { Tool } from "@scriptorium/shared";
import type { Runner, RunOutcome } from "../../runner/runner.js";
import { logSection } from "./run-log.js";
import { prepareTexSupport } from "./tex-support.js";
import type { LatexContext, ToolRun } from "./tool-run.js";

/**
 * TeX's own switches: never stop for input, `file:line:` errors, no `\write18`, and SyncTeX
 * (`<name>.synctex.gz` beside the PDF: the viewer's way from the PDF to the source and back).
 */
export const TEX_FLAGS = [
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

export interface LatexStep {
  tool: Tool;
  /** The program's name, found in `toolFolders`. */
  executable: string;
  /** The options the user chose (checked words). */
  args: readonly string[];
  toolFolders: string[];
  /** The real folder it runs in, and the file's name there. */
  cwd: string;
  file: string;
  /** The file as the log's header names it (a path in the user's files). */
  shown: string;
}

export interface LatexOutcome {
  outcomes: RunOutcome[];
  last: RunOutcome;
  /** The log's sections, one per run. */
  log: string;
}

/**
 * pdflatex on `step.file` in `step.cwd` (API.md Part A §9, issue 30): paranoid file access, no
 * shell escape, SyncTeX, the support folders and the font cache on TeX's paths; a second time
 * when the first run asks for it (references, reledmac's notes). The fonts the run made are
 * then built cleanly for the cache (font-cache.ts).
 */
export async function runLatex(
  runner: Runner,
  run: Pick<ToolRun, "user" | "scope" | "masked" | "signal">,
  step: LatexStep,
  context: LatexContext,
): Promise<LatexOutcome> {
  const args = [...TEX_FLAGS, ...step.args, `./${step.file}`];
  const command = [step.tool.executable, ...args];
  const tex = await prepareTexSupport({
    supportFolders: context.supportFolders,
    cacheDir: context.fontCache?.dir,
    sandboxed: context.sandboxed,
  });
  try {
    const once = () =>
      runner.run({
        owner: `user:${run.user.id}`,
        executable: step.executable,
        args,
        cwd: step.cwd,
        writable: run.scope,
        readOnly: step.toolFolders,
        binds: tex.binds,
        masked: run.masked,
        path: step.toolFolders,
        env: { ...tex.env, ...TEX_ENV },
        timeoutMs: step.tool.timeoutSeconds * 1000,
        signal: run.signal,
      });
    const outcomes: RunOutcome[] = [await once()];
    const first = outcomes[0] as RunOutcome;
    if (first.exitCode === 0 && RERUN.test(first.output)) outcomes.push(await once());
    await context.fontCache?.promote(tex.made, {
      owner: `user:${run.user.id}`,
      supportFolders: tex.supportFolders,
      sandboxed: context.sandboxed,
    });
    return {
      outcomes,
      last: outcomes[outcomes.length - 1] as RunOutcome,
      log: outcomes
        .map((o) => logSection(command, step.shown, o, step.tool.timeoutSeconds))
        .join(""),
    };
  } finally {
    await tex.dispose();
  }
}
