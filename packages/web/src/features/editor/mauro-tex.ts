import { HighlightStyle, StreamLanguage, type StringStream } from "@codemirror/language";
import { Tag, tags } from "@lezer/highlight";

/**
 * Mauro-TeX, the LaTeX dialect of the edition: its own tokenizer (plain LaTeX plus the
 * edition's macros and the sigla that open each reading of a variant), highlighted apart from
 * ordinary LaTeX commands.
 */

/** The edition's macros (without the backslash), offered by completion and coloured apart. */
export const EDITION_MACROS = [
  "VV",
  "VF",
  "ElencoTestimoni",
  "Cit",
  "Citlonga",
  "LB",
  "FoliumInMargine",
  "Folium",
  "htmlcut",
  "Unit",
  "Figura",
  "Figskip",
  "Capitolo",
  "Sottocapitolo",
  "Title",
  "Date",
  "INTE",
  "MARG",
  "MARGSIGN",
  "NOTAMARG",
  "ABBR",
  "Lemma",
  "Aliter",
  "Additio",
  "INTERL",
  "POSTDEL",
  "ANTEDEL",
  "DES",
  "EX",
  "Sup",
  "QDR",
  "SAT",
  "RTT",
  "PC",
  "BIS",
  "linea",
] as const;

const EDITION_MACRO_SET: ReadonlySet<string> = new Set(EDITION_MACROS);

/** The macros whose argument is a list of readings `{{A/B:…}{C:…}}`. */
const VARIANT_MACROS: ReadonlySet<string> = new Set(["VV", "VF"]);

/** Highlighting tags of the edition (exported for the tests and the themes). */
export const mauroTags = {
  /** `\VV`, `\Unit`, …: a kind of macro name, so themes without it still colour it. */
  macro: Tag.define(tags.macroName),
  /** `A/B` before the colon of a reading. */
  sigla: Tag.define(tags.labelName),
};

/** Class names the tags get in the DOM (and in tests through highlightTree). */
export const mauroHighlightStyle = HighlightStyle.define([
  { tag: mauroTags.macro, class: "cm-mauro-macro" },
  { tag: mauroTags.sigla, class: "cm-mauro-sigla" },
]);

export interface MauroTexState {
  /** Brace nesting depth. */
  depth: number;
  /** Depths of the open variant arguments (the outer `{` of `\VV{…}`), innermost last. */
  variants: number[];
  /** A `\VV`/`\VF` was just read; its argument's `{` comes next. */
  variantPending: boolean;
  /** A reading's `{` was just read: sigla may follow. */
  readingStart: boolean;
  /** Inside `$…$`. */
  math: boolean;
}

const SIGLA = /^[A-Za-z0-9+*]+(?:\/[A-Za-z0-9+*]+)*(?=:)/;

function token(stream: StringStream, state: MauroTexState): string | null {
  if (state.readingStart) {
    state.readingStart = false;
    if (stream.match(SIGLA)) return "mauroSigla";
  }
  if (stream.eatSpace()) return null;
  const ch = stream.next();
  if (ch === undefined) return null;
  if (ch !== "{") state.variantPending = false;

  switch (ch) {
    case "%":
      stream.skipToEnd();
      return "comment";
    case "\\": {
      const name = stream.match(/^[A-Za-z]+/) as RegExpMatchArray | null;
      if (!name) {
        stream.next();
        return "escape";
      }
      const macro = name[0];
      if (VARIANT_MACROS.has(macro)) state.variantPending = true;
      return EDITION_MACRO_SET.has(macro) ? "mauroMacro" : "tagName";
    }
    case "{":
      state.depth++;
      if (state.variantPending) {
        state.variantPending = false;
        state.variants.push(state.depth);
      } else if (state.variants.at(-1) === state.depth - 1) {
        state.readingStart = true;
      }
      return "brace";
    case "}":
      if (state.variants.at(-1) === state.depth) state.variants.pop();
      state.depth = Math.max(0, state.depth - 1);
      return "brace";
    case "[":
    case "]":
      return "squareBracket";
    case "$":
      stream.eat("$");
      state.math = !state.math;
      return "processingInstruction";
    default:
      stream.eatWhile(/[^\\{}[\]$%\s]/);
      return state.math ? "number" : null;
  }
}

export const mauroTexLanguage = StreamLanguage.define<MauroTexState>({
  name: "maurotex",
  startState: () => ({
    depth: 0,
    variants: [],
    variantPending: false,
    readingStart: false,
    math: false,
  }),
  copyState: (state) => ({ ...state, variants: [...state.variants] }),
  token,
  tokenTable: { mauroMacro: mauroTags.macro, mauroSigla: mauroTags.sigla },
  languageData: { commentTokens: { line: "%" } },
});
