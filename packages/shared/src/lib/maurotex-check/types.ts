/**
 * The live Mauro-TeX checker's answer (issue 30): what the compilers would refuse, the
 * document's outline and its sigla. Lines and columns are 1-based; `from`/`to` are 0-based
 * UTF-16 offsets into the text, for the editor's marks.
 */
export type CheckSeverity = "error" | "warning";

export interface CheckFinding {
  line: number;
  column: number;
  from: number;
  to: number;
  /** In the compilers' words (Italian, as m2hv/m2lv print them). */
  message: string;
  severity: CheckSeverity;
  /** A stable name of the check, e.g. `brace-unclosed`, `macro-unknown`, `siglum-undeclared`. */
  code: string;
}

/** One part of the document as the edition's macros define it (book, chapter, proposition…). */
export interface OutlineEntry {
  /** The macro that opens it, without the backslash (`Titolo`, `Prop`, …). */
  kind: string;
  /** What it shows (its title or number); the macro's name when it has none. */
  title: string;
  /** Depth in the outline, 0 for the top. */
  level: number;
  line: number;
  from: number;
}

/** A siglum declared by `\ElencoTestimoni{A/B/C}`, where its declaration is. */
export interface SiglumDeclaration {
  siglum: string;
  line: number;
  column: number;
  from: number;
  to: number;
}

export interface CheckResult {
  findings: CheckFinding[];
  outline: OutlineEntry[];
  sigla: SiglumDeclaration[];
}
