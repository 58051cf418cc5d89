// Running text: words, macros and their arguments, groups. A square group `[…]` may only end a
// text, and only right after something that is not a blank (the compilers' grammar).
import type { Parser, TextGrammar } from "./parser.js";
import {
  cllistacampibra,
  figureArgument,
  folium,
  listacampibra,
  listatestibra,
  namesList,
  option,
  wordbra,
  wordsquare,
} from "./structures.js";
import { beginSomething } from "./tables.js";

/** What may follow an item: any text, or a text that does not start with `[`. */
const NONE = 0;
const TEXT = 1;
const NOSQUARE = 2;

/** `{ text }`. */
export function testobra(p: Parser): void {
  const open = p.expect("{");
  p.push("dopo questo punto", open);
  testo(p, true);
  const close = p.expect("}");
  p.pop();
  p.span(open, close, "graffa");
}

/** `[ text ]`. */
export function testosquare(p: Parser): void {
  const open = p.expect("[");
  p.push("dopo questo punto", open);
  testo(p, true);
  const close = p.expect("]");
  p.pop();
  p.span(open, close, "quadra");
}

/** How deep texts may nest before the check stops (far beyond any edition's text). */
const MAX_DEPTH = 300;

/** A text; `square` when it may start with `[`. Stops before the first token it cannot take. */
export function testo(p: Parser, square: boolean): void {
  if (++p.depth > MAX_DEPTH) p.tooDeep();
  texts(p, square);
  p.depth--;
}

function texts(p: Parser, square: boolean): void {
  let sq = square;
  for (;;) {
    let k = p.at();
    if (k === "[") {
      if (sq) testosquare(p);
      return;
    }
    if (k === "SP" || k === "NL") {
      p.optspaces();
      k = p.at();
      if (k === "[") return;
    }
    const follows = item(p, k);
    if (follows === NONE) return;
    sq = follows === TEXT;
  }
}

/** A text that starts with an item, not a blank (a table cell). */
export function testonospace(p: Parser): void {
  if (p.isSpace()) return;
  const follows = item(p, p.at());
  if (follows !== NONE) testo(p, follows === TEXT);
}

/** One item of a text; what may follow it, or NONE when `k` starts none. */
function item(p: Parser, k: string): number {
  switch (k) {
    case "SIMPLE":
    case "WORD":
    case "UNKNOWN":
    case "DOCENV":
    case "CENTER":
    case "TABLE":
    case ",":
    case ":":
    case "/":
      p.next();
      return TEXT;
    case "ONE":
      p.next();
      testobra(p);
      return TEXT;
    case "TWO":
      p.next();
      testobra(p);
      testobra(p);
      return TEXT;
    case "{":
      testobra(p);
      return TEXT;
    case "<": {
      const open = p.next();
      p.push("dopo questo punto", open);
      testo(p, true);
      const close = p.expect(">");
      p.pop();
      p.span(open, close, "angolare");
      return TEXT;
    }
    case "BEGINMATH":
      p.next();
      testo(p, true);
      p.expect("ENDMATH");
      return TEXT;
    case "BEGINEQN":
      p.next();
      testo(p, true);
      p.expect("ENDEQN");
      return TEXT;
    case "SWITCH":
      p.next();
      if (!p.isSpace()) p.fail();
      p.next();
      return TEXT;
    case "ITEM":
      p.next();
      if (p.at() === "[") testosquare(p);
      return NOSQUARE;
    case "UNITEMPTY":
      p.next();
      return NOSQUARE;
    case "HTMLCUT":
      p.next();
      if (p.at() === "[") testosquare(p);
      return NOSQUARE;
    case "UNIT": {
      const at = p.next();
      const label = option(p);
      if (label !== null) {
        if (p.units.has(label.word))
          p.add(at, "etichetta gia` utilizzata", "error", "label-duplicate");
        else p.units.add(label.word);
      }
      return NOSQUARE;
    }
    case "TITLE": {
      const at = p.next();
      p.push("nel titolo", at);
      testobra(p);
      p.pop();
      return TEXT;
    }
    default:
      return arguments2(p, k);
  }
}

/** Items with words, options or lists as arguments. */
function arguments2(p: Parser, k: string): number {
  switch (k) {
    case "AUTHOR":
      p.next();
      namesList(p);
      return TEXT;
    case "NAMES2":
      p.next();
      namesList(p);
      namesList(p);
      return TEXT;
    case "FRONTESPIZIO":
      p.next();
      testobra(p);
      testobra(p);
      namesList(p);
      return TEXT;
    case "MCITE":
      p.next();
      wordbra(p);
      testobra(p);
      return TEXT;
    case "LABEL":
    case "LETTERLABEL": {
      const at = p.next();
      const label = wordbra(p);
      if (k === "LETTERLABEL") wordbra(p);
      if (p.labelKeys.has(label))
        p.add(at, "etichetta gia` utilizzata", "error", "label-duplicate");
      else p.labelKeys.add(label);
      return TEXT;
    }
    case "REF":
      p.next();
      wordbra(p);
      return TEXT;
    case "LB": {
      const at = p.next();
      const label = wordbra(p);
      testobra(p);
      if (p.labels.has(label)) p.add(at, "etichetta gia` utilizzata", "error", "label-duplicate");
      else p.labels.add(label);
      return TEXT;
    }
    case "UNITREF":
      p.next();
      option(p);
      wordbra(p);
      return TEXT;
    case "OPTONE":
      p.next();
      if (p.at() === "[") testosquare(p);
      testobra(p);
      return TEXT;
    case "FIGURE":
      p.next();
      if (p.at() === "[") testosquare(p);
      figureArgument(p);
      return TEXT;
    case "FOLIUM":
      folium(p);
      return TEXT;
    case "PROP":
      p.next();
      p.expect("{");
      listaopt(p);
      p.expect("}");
      return TEXT;
    case "CIT": {
      const at = p.next();
      const opt = option(p);
      listatestibra(p);
      if (opt !== null && !["exp", "imp", "eqv"].includes(opt.word)) {
        p.add(at, "opzione sconosciuta per \\Cit", "error", "option-unknown");
      }
      return TEXT;
    }
    case "TEXTS":
      p.next();
      listatestibra(p);
      return TEXT;
    case "VARIANT":
    case "TRANSPOSITION": {
      p.next();
      const opt = option(p);
      listacampibra(p);
      const allowed = k === "VARIANT" ? ["longa"] : ["longa", "multiplex", "duplex", "unit"];
      if (opt !== null && !allowed.includes(opt.word)) {
        const what = k === "VARIANT" ? "una variante" : "una trasposizione";
        p.add(opt.token, `opzione sconosciuta per ${what}`, "error", "option-unknown");
      }
      return TEXT;
    }
    case "FIELDS":
      p.next();
      listacampibra(p);
      return TEXT;
    case "CITLONGA":
      p.next();
      cllistacampibra(p);
      return TEXT;
    case "SEMPL1":
    case "SEMPL2":
      p.next();
      if (p.at() === "[") wordsquare(p);
      testobra(p);
      if (k === "SEMPL2") testobra(p);
      return TEXT;
    case "BEGIN":
      return beginSomething(p);
    default:
      return NONE;
  }
}

/** `word, word, …` inside `{…}` or `[…]` (options, packages). */
export function listaopt(p: Parser): void {
  for (;;) {
    p.optspaces();
    if (p.at() !== "WORD") return;
    p.next();
    if (p.at() !== ",") return;
    p.next();
  }
}

/** The running-text readers, for the parser's other parts. */
export const TEXT_GRAMMAR: TextGrammar = { testo, testobra, testosquare, testonospace };
