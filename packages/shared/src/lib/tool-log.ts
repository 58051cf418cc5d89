import type { Diagnostic } from "../schemas/tools.js";

/**
 * A tool's log (`{tool}.OUT.log`) as the server writes it:
 *
 *     EXECUTING: m2hv -s A ./varia.tex
 *     SOURCE: /docs/varia.tex
 *     ----
 *     <what the tool printed, stdout and stderr as they came>
 *
 * pdflatex runs may repeat the three header lines for the second run.
 */
export function formatToolLogHeader(command: readonly string[], source: string): string {
  return `EXECUTING: ${command.join(" ")}\nSOURCE: ${source}\n----\n`;
}

/** The source file a log names (its `SOURCE:` line), if any. */
export function logSource(text: string): string | undefined {
  const match = /^SOURCE: (.+)$/m.exec(text);
  return match?.[1];
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "/" : path.slice(0, slash);
}

function baseOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** `./a/../b.tex` relative to `/docs` → `/docs/b.tex`. */
function resolveIn(folder: string, relative: string): string {
  const parts = relative.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return "/" + parts.join("/");
}

/**
 * The diagnostics in a tool's output, placed in the user's files:
 * - Mauro-TeX compilers: `name.tex:LINE: message`; an error when the line before is `ERRORE:`
 *   (they print errors to stderr that way and warnings without it), else a warning;
 * - TeX (a section whose `EXECUTING:` line runs a program named *tex*) with `-file-line-error`:
 *   `./name.tex:LINE: message`, always errors;
 * - TeX's own form `! message` with a later `l.NN` line (errors without a file position);
 * - `LaTeX Warning: … on input line NN.` (warnings).
 * File names are relative to the source's folder; the compilers' copy of the source (same base
 * name) is the source. Repeats (pdflatex runs twice) are dropped.
 */
export function parseDiagnostics(text: string, source: string): Diagnostic[] {
  const folder = dirOf(source);
  const sourceBase = baseOf(source);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const add = (file: string, line: number, message: string, severity: Diagnostic["severity"]) => {
    const path =
      baseOf(file) === sourceBase && !file.includes("/..") ? source : resolveIn(folder, file);
    const key = `${path}\u0000${line}\u0000${message}`;
    if (seen.has(key) || !Number.isSafeInteger(line) || line < 1) return;
    seen.add(key);
    out.push({ file: path, line, message, severity });
  };

  const lines = text.split(/\r?\n/);
  let tex = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const executing = /^EXECUTING: (\S+)/.exec(line);
    if (executing) {
      tex = /tex$/i.test(baseOf(executing[1] ?? "")) && !/^m2/.test(baseOf(executing[1] ?? ""));
      continue;
    }
    const located = /^((?:\.{0,2}\/)?[^\s:]*\.[A-Za-z]+):(\d+): (.+)$/.exec(line);
    if (located) {
      const [, file = "", num = "", message = ""] = located;
      const previous = (lines[i - 1] ?? "").trim();
      const severity = previous === "ERRORE:" || tex ? "error" : "warning";
      add(file, Number(num), message.trim(), severity);
      continue;
    }
    const bang = /^! (.+)$/.exec(line);
    if (bang) {
      for (let j = i + 1; j < Math.min(lines.length, i + 30); j++) {
        const at = /^l\.(\d+)/.exec(lines[j] ?? "");
        if (at) {
          add(sourceBase, Number(at[1]), (bang[1] ?? "").trim(), "error");
          break;
        }
      }
      continue;
    }
    const warning = /^(?:LaTeX|Package \w+) Warning: (.+?) on input line (\d+)\.$/.exec(line);
    if (warning) add(sourceBase, Number(warning[2]), (warning[1] ?? "").trim(), "warning");
  }
  return out;
}
