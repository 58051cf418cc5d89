import path from "node:path";
import { Readable } from "node:stream";
import {
  formatToolLogHeader,
  parseDiagnostics,
  sourceLogName,
  TOOL_LOGS_KEPT,
  type Diagnostic,
} from "@scriptorium/shared";
import type { RunOutcome } from "../../runner/runner.js";
import type { UserFs } from "../../storage/user-fs.js";

/** The lines that end a log when a run did not end by itself. */
export function outcomeTrailer(outcome: RunOutcome, timeoutSeconds: number): string {
  if (outcome.timedOut) return `---- stopped: the time limit of ${timeoutSeconds} s was reached\n`;
  if (outcome.outputCapped) return "---- stopped: the output limit was reached\n";
  if (outcome.cancelled) return "---- stopped: cancelled\n";
  if (outcome.signal) return `---- stopped by signal ${outcome.signal}\n`;
  if (outcome.exitCode !== 0) return `---- exit code ${outcome.exitCode}\n`;
  return "";
}

/** One run's part of a log: the header the log viewer reads, the output, how it ended. */
export function logSection(
  command: readonly string[],
  source: string,
  outcome: RunOutcome,
  timeoutSeconds: number,
): string {
  const output =
    outcome.output.endsWith("\n") || outcome.output === "" ? outcome.output : `${outcome.output}\n`;
  return formatToolLogHeader(command, source) + output + outcomeTrailer(outcome, timeoutSeconds);
}

/** Writes the log (replacing an earlier one whole). */
export async function writeLog(fs: UserFs, abs: string, text: string): Promise<void> {
  await fs.writeAtomic(abs, Readable.from([Buffer.from(text, "utf8")]), { tool: true });
}

/**
 * Writes the log of a run of `tool` on `sourceName` in the folder `folder` (issue 30):
 * `<stem>.<tool>.log`, the earlier ones moved to `<stem>.<tool>.1.log`, `.2.log`, … (renames in
 * the user's folder through its checked descriptor; a link is moved or replaced as a link, never
 * followed) and the oldest dropped past `TOOL_LOGS_KEPT`. Answers the log's user path.
 */
export async function writeRunLog(
  fs: UserFs,
  folder: { path: string; abs: string },
  sourceName: string,
  tool: string,
  text: string,
): Promise<string> {
  const at = (age: number) => path.join(folder.abs, sourceLogName(sourceName, tool, age));
  for (let age = TOOL_LOGS_KEPT - 1; age >= 1; age--) {
    const older = await fs.lstatOrNone(at(age - 1));
    // Only logs move: a folder or a link that someone put at that name stays where it is.
    if (older?.isFile()) await fs.rename(at(age - 1), at(age)).catch(() => undefined);
  }
  await writeLog(fs, at(0), text);
  return path.posix.join(folder.path, sourceLogName(sourceName, tool));
}

/**
 * The diagnostics of a run's log (its headers say which program printed what), placed in the
 * user's files. `copyName` is the name the
 * tool saw when it ran on a copy of the source (`<stem>.tex`): messages about it are the source's.
 */
export function diagnosticsOf(log: string, source: string, copyName?: string): Diagnostic[] {
  const folder = path.posix.dirname(source);
  const copy = copyName ? path.posix.join(folder, copyName) : undefined;
  return parseDiagnostics(log, source).map((d) => (d.file === copy ? { ...d, file: source } : d));
}

/** True when the run ended by itself with exit code 0 and no error among its diagnostics. */
export function ranClean(outcome: RunOutcome, diagnostics: readonly Diagnostic[]): boolean {
  return (
    outcome.exitCode === 0 &&
    !outcome.timedOut &&
    !outcome.outputCapped &&
    !outcome.cancelled &&
    !diagnostics.some((d) => d.severity === "error")
  );
}
