import type { Diagnostic } from "../../schemas/tools.js";
import { OpenFiles } from "./open-files.js";
import { placeOf, type Place, type PlaceOptions } from "./places.js";
import type { LogSection } from "./sections.js";

/** `./con errore.tex:5: Undefined control sequence.` (`-file-line-error`): any name, a dot in it. */
export const LOCATED = /^(\S.*?\.[A-Za-z][A-Za-z0-9_-]{0,15}"?):(\d+): ?(.*)$/;
const BANG = /^! (.*)$/;
const CONTEXT_LINE = /^l\.(\d+)(?: |$)/;
/** LaTeX's, a package's or class's warning (`File x.ldf warning:` too); more lines may follow. */
const WARNING = /^(?:LaTeX|Package|Class|File) (?:([^:]*?) )?[Ww]arning: ?/;

/** A warning's continuation line: `(reledmac)        more text`, `italian.ldf    more text`. */
function continuation(line: string, name: string | undefined): string {
  const prefix = /^\([^()\s]+\)\s+/.exec(line);
  if (prefix) return line.slice(prefix[0].length);
  if (name && line.startsWith(`${name} `)) return line.slice(name.length).trimStart();
  return line;
}
/** A box TeX complains of; the lines after it show the box's content. */
const BOX = /^(?:Overfull|Underfull|Tight|Loose) \\[hv]box \(/;
/** An overfull box at a line: a warning (underfull ones are left out: noise). */
const OVERFULL =
  /^(Overfull \\[hv]box \([^)]*\)) (?:in paragraph at lines (\d+)--\d+|in alignment at lines (\d+)--\d+|detected at line (\d+))/;
/** TeX shows what it read so far on the next line (the user's text, parentheses and all). */
const RUNAWAY = /^Runaway (?:argument|definition|preamble|text)\?/;
/** TeX's last words after an emergency stop: not a diagnostic of its own. */
const FATAL = /^\s*==> Fatal error occurred/;

type Emit = (d: Omit<Diagnostic, "file"> & { file: string; outside?: boolean }) => void;

/**
 * The diagnostics of one TeX run. Errors (`file:line:`, or `!` with a later `l.NN`) and
 * warnings with "on input line N" go to the file being read then (TeX's open-file stack):
 * - a user's file: that file at that line;
 * - a support file (outside the user's files, not TeX Live's): `outside`, its base name, its line;
 * - a file of TeX Live: the user's file being read below it on the stack (a package loaded by
 *   the user's `\usepackage`, an error in the user's arguments surfacing inside a package), at
 *   the last line of that file the log named so far (else 1), the message ending with where
 *   TeX raised it (`(geometry.sty:1005)`); with no user's file below, `outside` as above.
 * Overfull boxes are warnings at their first line; underfull ones are left out (noise).
 */
export function texDiagnostics(
  section: LogSection,
  options: PlaceOptions & { source: string; inFiles?: (path: string) => boolean },
  emit: Emit,
): void {
  const inFiles = options.inFiles;
  const known = new Set<string>();
  for (const line of section.lines) {
    const located = LOCATED.exec(line);
    if (located) known.add((located[1] ?? "").replace(/^"(.*)"$/, "$1"));
  }
  const files = new OpenFiles({
    known,
    exists: inFiles
      ? (printed: string) => {
          const where = placeOf(printed, options);
          return where.kind === "user" && inFiles(where.path);
        }
      : undefined,
  });
  const lastLine = new Map<string, number>();

  /** Emits at `printed` (a name on the stack, or the innermost file when undefined). */
  const place = (
    printed: string | undefined,
    line: number | undefined,
    message: string,
    severity: Diagnostic["severity"],
  ) => {
    const stack = files.files();
    const name = printed ?? stack[stack.length - 1] ?? files.main;
    const where: Place =
      name === undefined ? { kind: "user", path: options.source } : placeOf(name, options);
    if (where.kind === "user") {
      const at = line ?? lastLine.get(where.path) ?? 1;
      lastLine.set(where.path, at);
      emit({ file: where.path, line: at, message, severity });
      return;
    }
    if (where.texTree) {
      let index = name === undefined ? -1 : stack.lastIndexOf(name);
      if (index < 0) index = stack.length;
      for (let i = index - 1; i >= 0; i--) {
        const below = placeOf(stack[i] as string, options);
        if (below.kind !== "user") continue;
        const at = lastLine.get(below.path) ?? 1;
        const raised = line === undefined ? where.name : `${where.name}:${line}`;
        emit({ file: below.path, line: at, message: `${message} (${raised})`, severity });
        return;
      }
    }
    emit({ file: where.name, line: line ?? 1, message, severity, outside: true });
  };

  let mode: "text" | "error" | "warning" | "box" = "text";
  let modeLines = 0;
  let pending: { message: string; file: string | undefined } | undefined;
  let warning: string[] = [];
  let warner: string | undefined;
  let skipNext = false;

  const endWarning = () => {
    const text = warning.join(" ").replace(/\s+/g, " ").trim();
    warning = [];
    const at = /^(.*?)\s*on input line (\d+)\.?$/.exec(text);
    if (at) place(undefined, Number(at[2]), (at[1] ?? "").replace(/[.,;:]$/, ""), "warning");
  };
  const flushPending = () => {
    if (pending) place(pending.file, undefined, pending.message, "error");
    pending = undefined;
  };

  for (const line of section.lines) {
    if (skipNext) {
      skipNext = false; // an `l.NN` context's second line, a runaway argument's text
      continue;
    }
    modeLines++;
    if (mode === "warning") {
      if (line.trim() === "" || modeLines > 30) {
        endWarning();
        mode = "text";
      } else {
        warning.push(continuation(line, warner));
        continue;
      }
    }
    if (mode === "box") {
      if (/^\s*(?:\[\]|\\)/.test(line)) continue;
      mode = "text";
    }

    const located = LOCATED.exec(line);
    if (located) {
      const [, file = "", num = "", message = ""] = located;
      if (!FATAL.test(message))
        place(file.replace(/^"(.*)"$/, "$1"), Number(num), message.trim(), "error");
      mode = "error";
      modeLines = 0;
      continue;
    }
    const bang = BANG.exec(line);
    if (bang) {
      flushPending();
      const message = (bang[1] ?? "").trim();
      if (!FATAL.test(message)) {
        const stack = files.files();
        pending = { message, file: stack[stack.length - 1] };
      }
      mode = "error";
      modeLines = 0;
      continue;
    }
    if (mode === "error") {
      const context = CONTEXT_LINE.exec(line);
      if (context) {
        if (pending) place(pending.file, Number(context[1]), pending.message, "error");
        pending = undefined;
        mode = "text";
        skipNext = true;
        continue;
      }
      if (modeLines <= 40) continue;
      flushPending();
      mode = "text";
    }
    const warns = WARNING.exec(line);
    if (warns) {
      warner = warns[1]?.split(" ").pop();
      warning = [line.slice(warns[0].length)];
      mode = "warning";
      modeLines = 0;
      continue;
    }
    if (BOX.test(line)) {
      const overfull = OVERFULL.exec(line);
      if (overfull) {
        const at = Number(overfull[2] ?? overfull[3] ?? overfull[4]);
        place(undefined, at, overfull[1] ?? "", "warning");
      }
      mode = "box";
      continue;
    }
    if (RUNAWAY.test(line)) {
      skipNext = true;
      continue;
    }
    files.scan(line);
  }
  if (mode === "warning") endWarning();
  flushPending();
}
