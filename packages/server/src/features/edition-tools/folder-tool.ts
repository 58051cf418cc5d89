import path from "node:path";
import { stemOf, witnessViewPage, type ToolRunResult, type WitnessView } from "@scriptorium/shared";
import { badRequest, conflict } from "../../errors.js";
import { decodeDestination, type PatchQuery } from "../../lib/route-params.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import type { Runner, RunOutcome } from "../../runner/runner.js";
import { diagnosticsOf, logSection, ranClean, writeLog, writeRunLog } from "./run-log.js";
import type { ToolRun } from "./tool-run.js";

/** m2hv's options that make a witness view, and the view (upper-case forms included). */
const VIEW_OF_FLAG: Record<string, WitnessView> = {
  "-t": "text",
  "-s": "singular",
  "-S": "singular",
  "-o": "omissions",
  "-O": "omissions",
  "-e": "discordances",
  "-E": "discordances",
  "-c": "groups",
};

/** The page a run's options ask for, if a witness view (m2hv only). */
function witnessPage(tool: string, stem: string, args: readonly string[]): string | undefined {
  if (tool !== "m2hv") return undefined;
  const at = args.findIndex((a) => Object.hasOwn(VIEW_OF_FLAG, a));
  if (at < 0) return undefined;
  return witnessViewPage(stem, VIEW_OF_FLAG[args[at] as string] as WitnessView, args[at + 1] ?? "");
}

/** A redirecting page: `index.html` opens m2hv's frame page. */
function indexPage(target: string): string {
  const href = encodeURIComponent(target);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${href}"><title>${target}</title></head>\n<body><a href="${href}">${target}</a></body></html>\n`;
}

/** A folder tool's run, once its program ended: what the answer and the log are made of. */
export interface CompilerStep {
  dest: { path: string; abs: string; real: string };
  stem: string;
  /** The name of the source's copy the program ran on (`<stem>.tex`). */
  copyName: string;
  outcome: RunOutcome;
  /** The log's section of this run. */
  log: string;
}

/**
 * The compiler's part of a folder tool or a pipeline (API.md Part A §9): the destination folder
 * is created (409 when it exists, unless override), the source is copied in as `<stem>.tex`,
 * the tool runs there on `./<stem>.tex`, the copy is removed.
 */
export async function runCompilerStep(
  runner: Runner,
  run: ToolRun,
  query: PatchQuery,
): Promise<CompilerStep> {
  const { fs, source } = run;
  const tool = run.steps?.compiler.tool ?? run.tool;
  const dest = await fs.resolve(decodeDestination(query.destination));
  refuseReservedNames(dest.path);
  if (dest.path === "/") throw badRequest("The output folder cannot be the root of your files");
  const existing = await fs.statOrNone(dest.abs);
  if (existing && !existing.isDirectory())
    throw conflict(`${dest.path} exists and is not a folder`);
  if (existing && query.override !== "true") throw conflict(`${dest.path} already exists`);
  const stem = stemOf(path.posix.basename(source.path));
  const copyName = `${stem}.tex`;
  const copyAbs = path.join(dest.abs, copyName);
  if (existing && (await fs.realOf(copyAbs)) === source.real) {
    throw badRequest("The output folder cannot be the source's own folder");
  }

  await fs.mkdir(dest.abs);
  const destReal = await fs.realOf(dest.abs);
  // Written to a fresh staging name (O_EXCL) and renamed into place: whatever a program left at
  // that name (a link to anywhere) is replaced, never written through.
  await fs.writeAtomic(copyAbs, await fs.readStream(source.abs), { tool: true });
  const command = [tool.executable, ...run.args, `./${copyName}`];
  let outcome;
  try {
    outcome = await runner.run({
      owner: `user:${run.user.id}`,
      executable: run.executable,
      args: [...run.args, `./${copyName}`],
      cwd: destReal,
      writable: run.scope,
      readOnly: run.toolFolders,
      masked: run.masked,
      path: run.toolFolders,
      timeoutMs: tool.timeoutSeconds * 1000,
      signal: run.signal,
    });
  } finally {
    await fs.remove(copyAbs, { force: true });
  }
  return {
    dest: { path: dest.path, abs: dest.abs, real: destReal },
    stem,
    copyName,
    outcome,
    log: logSection(command, source.path, outcome, tool.timeoutSeconds),
  };
}

/** The file a compiler's run is for (m2hv's page or witness view, the `.m.tex`), if any. */
export function wantedOutput(tool: string, stem: string, args: readonly string[]) {
  return (
    witnessPage(tool, stem, args) ??
    (tool === "m2hv" ? "index.html" : tool.startsWith("m2") ? `${stem}.m.tex` : undefined)
  );
}

/**
 * m2hv, m2lv, m2ledmac and tools like them (API.md Part A §9): the compiler's step, then
 * `{dest}/<stem>.<tool>.log` holds the command and the output (earlier ones kept, issue 30);
 * after m2hv `index.html` opens `<stem>-1f.htm`.
 */
export async function runFolderTool(
  runner: Runner,
  run: ToolRun,
  query: PatchQuery,
): Promise<ToolRunResult> {
  const { fs, tool, source } = run;
  const step = await runCompilerStep(runner, run, query);
  const { dest, stem, outcome } = step;
  const child = (name: string) => path.posix.join(dest.path, name);
  const frame = `${stem}-1f.htm`;
  if (await fs.exists(path.join(dest.abs, frame))) {
    await writeLog(fs, path.join(dest.abs, "index.html"), indexPage(frame));
  }
  const log = await writeRunLog(fs, dest, path.posix.basename(source.path), tool.name, step.log);

  const wanted = wantedOutput(tool.name, stem, run.args);
  const written =
    wanted && (await fs.exists(path.join(dest.abs, wanted))) ? child(wanted) : undefined;
  const analysisOnly = run.args.includes("-a") || run.args.includes("-l0");
  const diagnostics = diagnosticsOf(step.log, source.path, step.copyName);
  return {
    log,
    exitCode: outcome.exitCode,
    ok: ranClean(outcome, diagnostics) && (written !== undefined || analysisOnly || !wanted),
    diagnostics,
    ...(written ? { output: written } : {}),
  };
}
