import type { Diagnostic } from "../../schemas/tools.js";
import { compilerDiagnostics } from "./compiler-section.js";
import { dirOf } from "./paths.js";
import { currentSections, splitSections } from "./sections.js";
import { texDiagnostics } from "./tex-section.js";

export interface DiagnosticsOptions {
  /**
   * The user folder the tool ran in, where relative names start: the source's folder (the
   * default) for pdflatex; the destination for a compiler and for a pipeline's pdflatex step.
   */
  folder?: string;
  /**
   * True when `path` (a path in the user's files) is a file: settles which of
   * `(./a b.tex c.sty` is the name when TeX printed one with blanks (else the shortest that
   * ends like a file name is taken).
   */
  inFiles?: (path: string) => boolean;
  /**
   * An absolute name the tool printed → its path in the user's files, when it is one (a support
   * folder inside the files); other absolute names are `outside`.
   */
  userPath?: (printed: string) => string | undefined;
}

/**
 * The diagnostics in a tool's log (`formatToolLogHeader` sections), placed in the user's files.
 * - TeX runs (`EXECUTING:` of a program named *tex*, not m2…): `file:line: message` with any
 *   name (blanks, accents, dots), `! message` at the `l.NN` that follows in the file TeX was
 *   reading (its open-file stack), LaTeX/package/class warnings with "on input line N"
 *   (reledmac's on several lines too; undefined references and citations), overfull boxes.
 *   See `texDiagnostics` for files outside the user's (support folders, TeX Live).
 * - Other runs (the Mauro-TeX compilers): `name.tex:LINE: message`, an error after `ERRORE:`.
 * A TeX run repeated with the same command (the second pdflatex pass) replaces the first.
 * When the log holds runs of more than one program (a pipeline), each diagnostic names its
 * `step`. Repeats are dropped.
 */
export function parseDiagnostics(
  text: string,
  source: string,
  options: DiagnosticsOptions = {},
): Diagnostic[] {
  const all = splitSections(text);
  const sections = currentSections(all);
  const programs = new Set(all.map((s) => s.program).filter(Boolean));
  const place = {
    folder: options.folder ?? dirOf(source),
    source,
    inFiles: options.inFiles,
    userPath: options.userPath,
  };
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const section of sections) {
    const step = programs.size > 1 && section.program ? section.program : undefined;
    const emit = (d: Diagnostic) => {
      if (!Number.isSafeInteger(d.line) || d.line < 1 || d.message === "") return;
      const key = [d.file, d.line, d.message, d.severity, d.outside ?? false].join("\u0000");
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ ...d, ...(d.outside ? { outside: true } : {}), ...(step ? { step } : {}) });
    };
    if (section.tex) texDiagnostics(section, place, emit);
    else compilerDiagnostics(section, place, emit);
  }
  return out;
}
