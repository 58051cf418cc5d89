// The LaTeX side of the stand-in: m2lv (article with footnotes) and m2ledmac (reledmac).
// Like the real compilers' output, it needs the edition's support files, which TeX Live does
// not have: m2lv's loads `mauro.sty`, m2ledmac's `mauroreledmac.sty` (reledmac and mauro), and
// both use the METAFONT font `mauro` (made from `mauro.mf` on first use). The test support
// folder (../maurotex-support) holds small files of our own with those names.

import { annotationWords, walk, walkQuiet } from "./walk.mjs";
import { readingOf } from "./parse.mjs";

const PAR = "\u0000PAR\u0000";
/** Opens a paragraph that is a table (m2ledmac puts it outside the numbering). */
const TABLE = "\u0001";

/** LaTeX macros that pass through unchanged in text. */
const TEXT_MACROS = new Set([
  ..."%&#_{}$,- /'`^\"~=.".split(""),
  "emph",
  "textit",
  "textbf",
  "textsc",
  "textrm",
  "underline",
  "noindent",
  "medskip",
  "bigskip",
  "smallskip",
  "newline",
  "newpage",
  "clearpage",
  "item",
  "vspace",
  "hspace",
  "quad",
  "qquad",
  "ldots",
  "dots",
  "S",
  "P",
  "dag",
  "ddag",
  "ss",
  "ae",
  "oe",
  "AE",
  "OE",
  "o",
  "O",
  "l",
  "L",
  "i",
  "j",
  "aa",
  "AA",
  "footnote",
  "hline",
]);

/** Math macros that pass through; the others are dropped. */
const MATH_MACROS = new Set([
  ..."{},;!| ".split(""),
  ..."alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau upsilon phi chi psi omega".split(
    " ",
  ),
  ..."Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega varsigma".split(" "),
  ..."frac sqrt times cdot cdots ldots dots le ge leq geq neq pm mp infty sum int circ prime".split(
    " ",
  ),
  ..."quad qquad left right langle rangle mathrm mathit overline sim approx equiv".split(" "),
]);

/** Environments kept in the article output (m2lv); m2ledmac keeps only tables. */
const ENVIRONMENTS = new Set([
  "center",
  "quote",
  "quotation",
  "flushleft",
  "flushright",
  "itemize",
  "enumerate",
  "verse",
]);

const GREEK = "αβγδεζηθικλμνξοπρσςτυφχψω";
const GREEK_NAMES =
  "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi o pi rho sigma varsigma tau upsilon phi chi psi omega".split(
    " ",
  );
const GREEK_CAPITALS = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ";
const CAPITAL_NAMES =
  "A B Gamma Delta E Z H Theta I K Lambda M N Xi O Pi P Sigma T Upsilon Phi X Psi Omega".split(" ");

/** A Greek letter (accents dropped) as math, since TeX Live's base has no Greek text font. */
function greek(c) {
  const plain = c.normalize("NFD").replace(/[\u0300-\u036f\u0342-\u0345]/g, "");
  const small = GREEK.indexOf(plain);
  if (small >= 0) {
    const name = GREEK_NAMES[small];
    return name === "o" ? "o" : `\\ensuremath{\\${name}}`;
  }
  const capital = GREEK_CAPITALS.indexOf(plain);
  if (capital >= 0) {
    const name = CAPITAL_NAMES[capital];
    return name.length === 1 ? name : `\\ensuremath{\\${name}}`;
  }
  return "?";
}

/** One character of text as LaTeX for inputenc utf8 with T1 fonts. */
function char(c, ctx) {
  if (c === "#") return "\\#";
  if (c === "_") return "\\_";
  if (c === "^") return "\\^{}";
  if (c === "&") return ctx.table > 0 ? "&" : "\\&";
  const code = c.codePointAt(0);
  if (code < 0x80 || (code >= 0xa0 && code <= 0x17f)) return c;
  if ("‘’“”‚„–—…•".includes(c)) return c;
  if ((code >= 0x370 && code <= 0x3ff) || (code >= 0x1f00 && code <= 0x1fff)) return greek(c);
  return "?";
}

function text(value, ctx) {
  const paragraphs = value.split(/\n[ \t]*\n\s*/);
  const escaped = paragraphs.map((p) => Array.from(p, (c) => char(c, ctx)).join(""));
  return escaped.join(ctx.depth === 0 ? PAR : " ");
}

/** The apparatus entry of a variant: `A, B: reading; C: other`. */
function entries(variant, b, ctx) {
  return variant.readings
    .map((r) => {
      const notes = annotationWords(r.notes, b, ctx);
      const reading = walkQuiet(r.text, b, ctx).trim() || "om.";
      return `${r.sigla.join(", ")}: ${notes ? `\\textit{${notes}} ` : ""}${reading}`;
    })
    .join("; ");
}

/** A backend for walk.mjs; `ledmac` chooses reledmac's `\edtext` over footnotes. */
function backend(ledmac) {
  const b = {
    text,
    mathText: (value, ctx) =>
      Array.from(value.replace(/\n\s*\n/g, "\n"), (c) =>
        c === "^" || c === "_" ? c : char(c, ctx),
      ).join(""),
    mathShift: () => "$",
    mathMacro: (name) => (MATH_MACROS.has(name) ? `\\${name} ` : ""),
    group: (inner) => `{${inner}}`,
    macro(name, ctx) {
      if (name === "linea") return ctx.table > 0 ? "\\hline " : "";
      return TEXT_MACROS.has(name) ? `\\${name}${/^[A-Za-z]/.test(name) ? " " : ""}` : "";
    },
    par: (ctx) => (ctx.depth === 0 ? PAR : " "),
    // `{}` keeps a following `[` from reading as the optional argument of `\\` (not in tables,
    // where `\hline` must follow `\\` directly).
    newline: (ctx) => (ctx.table > 0 ? "\\\\ " : ctx.depth === 0 ? "\\\\{} " : " "),
    heading(level, inner, ctx) {
      if (ctx.depth > 0) return `\\textbf{${inner}}`;
      if (ledmac) return `${PAR}\\textbf{${inner}}${PAR}`;
      const command = ["section*", "subsection*", "subsubsection*"][level - 1];
      return `${PAR}\\${command}{${inner}}${PAR}`;
    },
    script: (kind, inner, ctx) =>
      ctx.math
        ? `${kind === "sup" ? "^" : "_"}{${inner}}`
        : `\\text${kind === "sup" ? "superscript" : "subscript"}{${inner}}`,
    folium: (value) => `(${Array.from(value.replace(":", " "), (c) => char(c, {})).join("")}) `,
    figure: (label, inner) => `[fig.${label ? ` ${label}` : ""}${inner ? ` ${inner}` : ""}]`,
    env(kind, name, ctx) {
      if (name === "tabula" || name === "tabular") {
        ctx.table += kind === "begin" ? 1 : -1;
        // reledmac cannot number the lines of a table: it stands outside the numbered text.
        if (ledmac && ctx.depth === 0) {
          return kind === "begin" ? `${PAR}${TABLE}\\begin{tabular}` : `\\end{tabular}${PAR}`;
        }
        return `\\${kind}{tabular}`;
      }
      if (!ledmac && ENVIRONMENTS.has(name)) return `\\${kind}{${name}}`;
      return "";
    },
    variant(variant, _n, ctx) {
      const chosen = readingOf(variant, ctx.witness ?? "*");
      const lemma = chosen ? walk(chosen.text, b, { ...ctx, depth: ctx.depth + 1 }).trim() : "";
      if (!ctx.apparatus || ctx.witness) return `{${lemma}}`;
      if (ledmac) return `\\edtext{${lemma}}{\\Afootnote{${entries(variant, b, ctx)}}}`;
      return `{${lemma}}\\footnote{${entries(variant, b, ctx)}}`;
    },
  };
  return b;
}

/** The body of the document, paragraphs marked by PAR and cleaned of empty ones. */
function body(analysis, witness, ledmac) {
  const b = backend(ledmac);
  const variants = new Map(analysis.variants.map((v, i) => [v.group, { variant: v, n: i + 1 }]));
  const ctx = { depth: 0, math: false, table: 0, witness, apparatus: true, variants };
  let out = walk(analysis.body, b, ctx);
  if (ctx.math) out += "$";
  return out
    .split(PAR)
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/**
 * Palatino (psnfss) for the text: Type 1 fonts in TeX Live's recommended fonts. The edition's
 * symbol font `mauro` is declared first, as the edition's styles do (so that, without the
 * support folder, TeX reports the missing font before the missing style).
 */
const PREAMBLE = [
  "\\usepackage[utf8]{inputenc}",
  "\\usepackage[T1]{fontenc}",
  "\\usepackage{mathpazo}",
  "\\font\\mauro=mauro",
];

/** The edition's symbols (a glyph of the `mauro` font, by a macro of `mauro.sty`) opening the text. */
const SYMBOLS = "\\noindent\\MauroSol\\par";

/** m2lv: an article with the base text (or a witness's, `-t`) and variants as footnotes. */
export function m2lvDocument(analysis, name, witness) {
  return [
    `% ${name}.m.tex, written by the Scriptorium stand-in of m2lv`,
    "\\documentclass{article}",
    ...PREAMBLE,
    "\\usepackage{mauro}",
    "\\begin{document}",
    SYMBOLS,
    "",
    body(analysis, witness, false).join("\n\n"),
    "",
    "\\end{document}",
    "",
  ].join("\n");
}

/** m2ledmac: the same text numbered by reledmac, variants as `\edtext{…}{\Afootnote{…}}`. */
export function m2ledmacDocument(analysis, name, witness) {
  // Runs of numbered paragraphs, each in \beginnumbering … \endnumbering; tables between them.
  // `\relax` keeps a paragraph that opens with `[` from reading as `\pstart`'s optional argument.
  const blocks = [];
  let run = [];
  const close = () => {
    if (run.length) blocks.push(["\\beginnumbering", ...run, "\\endnumbering"].join("\n"));
    run = [];
  };
  for (const p of body(analysis, witness, true)) {
    if (p.startsWith(TABLE)) {
      close();
      blocks.push(`\\begin{center}\n${p.slice(TABLE.length)}\n\\end{center}`);
    } else run.push(`\\pstart\\relax\n${p}\n\\pend`);
  }
  close();
  return [
    `% ${name}.m.tex, written by the Scriptorium stand-in of m2ledmac`,
    "\\documentclass{article}",
    ...PREAMBLE,
    "\\usepackage{mauroreledmac}",
    "\\begin{document}",
    SYMBOLS,
    blocks.join("\n\n"),
    "\\end{document}",
    "",
  ].join("\n");
}
