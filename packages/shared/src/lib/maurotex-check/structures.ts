// Arguments that are not plain text: single words, options, variants and their readings
// (`\VV{{A/B:\MARG:reading}{C:other}}`), lists of texts, folio marks, figures.
import type { Parser } from "./parser.js";

/** `{word}` or `{}`: the word ("" when empty). */
export function wordbra(p: Parser): string {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  let word = "";
  if (p.at() === "WORD") word = p.word(p.next());
  p.expect("}");
  p.pop();
  return word;
}

/** `[word]`: the word and the token of `[`. */
export function wordsquare(p: Parser): { word: string; token: number } {
  const open = p.expect("[");
  p.push("dopo questo punto", open);
  const word = p.word(p.expect("WORD"));
  p.expect("]");
  p.pop();
  return { word, token: open };
}

/** An optional `[word]` right after a macro. */
export function option(p: Parser): { word: string; token: number } | null {
  return p.at() === "[" ? wordsquare(p) : null;
}

/** `{text}` or `{\PL{text}}` (after `\ANTEDEL`, `\POSTDEL`, `\EX`, `\LEC`). */
export function pstestobra(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  if (p.at() === "PL") {
    p.next();
    p.g.testobra(p);
  } else p.g.testo(p, true);
  p.expect("}");
  p.pop();
}

/** `{ {reading} {reading} … }` of `\VV`, `\VB`, `\VF`, `\TV`, `\TB`, `\NOTAMARG`, `\SCHOL`. */
export function listacampibra(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  let count = 0;
  for (;;) {
    p.optspaces();
    if (p.at() !== "{") break;
    campobra(p);
    count++;
  }
  const close = p.expect("}");
  p.pop();
  if (count === 0) p.add(close, "nessun campo nella lista", "error", "list-empty");
}

/** One reading: `{A/B:text}`, `{A:\MARG\INTERL:text}`, `{A\banale:text}`. */
function campobra(p: Parser): void {
  const open = p.expect("{");
  p.push("Y dopo questo punto", open, "reading");
  testimoni(p);
  if (p.at() === "BANALE") p.next();
  p.expect(":");
  if (isSubfield(p.at())) {
    while (isSubfield(p.at())) subfield(p);
    p.expect(":");
  }
  p.g.testo(p, true);
  p.expect("}");
  p.pop();
}

/** `A/B/C` before a reading's `:` (each must be in `\ElencoTestimoni`, or a warning). */
export function testimoni(p: Parser): void {
  for (;;) {
    p.witness(p.expect("WORD"));
    if (p.at() !== "/") return;
    p.next();
  }
}

function isSubfield(k: string): boolean {
  return k.startsWith("SUB");
}

/** A description of a reading between its sigla and its text. */
function subfield(p: Parser): void {
  const k = p.at();
  p.next();
  switch (k) {
    case "SUB1":
      p.g.testobra(p);
      break;
    case "SUBPS":
      pstestobra(p);
      break;
    case "SUBWORD":
      wordbra(p);
      break;
    case "SUBSQUARE":
      wordsquare(p);
      break;
    case "SUBDESCOMPL":
      p.g.testobra(p);
      p.g.testobra(p);
      pstestobra(p);
      break;
    case "SUBEDCOMPL":
      p.g.testobra(p);
      p.g.testobra(p);
      p.g.testobra(p);
      break;
    default: // SUB0: no argument
  }
}

/** `\Citlonga{{label}{text}{reference}}`: a word, then at most two texts. */
export function cllistacampibra(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  p.optspaces();
  let count = 0;
  if (p.at() === "{") {
    count++;
    wordbra(p);
    p.optspaces();
    if (p.at() === "{") {
      p.g.testobra(p);
      p.optspaces();
      if (p.at() === "{") p.g.testobra(p);
    }
  }
  const close = p.expect("}");
  p.pop();
  if (count === 0) p.add(close, "nessun campo nella lista", "error", "list-empty");
}

/** `{ {text} {text} … }` of `\Cit`, `\Date`, `\Rcases`. */
export function listatestibra(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  let count = 0;
  for (;;) {
    p.optspaces();
    if (p.at() !== "{") break;
    p.g.testobra(p);
    count++;
  }
  const close = p.expect("}");
  p.pop();
  if (count === 0) p.add(close, "nessun testo nella lista", "error", "list-empty");
}

/** `{text # text # …}` (`\author`, `\mfrac`). */
export function namesList(p: Parser): void {
  p.expect("{");
  p.g.testo(p, true);
  while (p.at() === "#") {
    p.next();
    p.g.testo(p, true);
  }
  p.expect("}");
}

/** `\Folium{A:8r}` or `\Folium{8r}`. */
export function folium(p: Parser): void {
  p.next();
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  const first = p.expect("WORD");
  if (p.at() === ":") {
    p.witness(first);
    p.next();
    p.expect("WORD");
  }
  p.expect("}");
  p.pop();
}

/** The argument of `\Figura`/`\Figskip`: `{name}`, or `{{name}[variant]}`. */
export function figureArgument(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  if (p.at() === "{") {
    p.g.testobra(p);
    if (p.at() === "[") p.g.testosquare(p);
  } else if (p.at() === "WORD") p.next();
  else if (p.at() !== "}") p.fail();
  p.expect("}");
  p.pop();
}
