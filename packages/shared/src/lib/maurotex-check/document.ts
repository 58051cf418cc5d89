// The whole document: either plain text, or `\documentclass[…]{…}`, a prologue (`\usepackage`,
// `\ElencoTestimoni`…), `\begin{document}`, `\htmlcut` (required right there), the text,
// `\end{document}` and nothing after it.
import type { Parser } from "./parser.js";
import { testimoni, wordbra, wordsquare } from "./structures.js";
import { checkEnv } from "./tables.js";
import { listaopt, testo, testobra, testosquare } from "./text.js";

export function documento(p: Parser): void {
  p.optspaces();
  if (p.at() !== "CLASS") {
    p.i = 0;
    testo(p, true);
    p.expect("EOF");
    return;
  }
  p.next();
  opzioni(p);
  wordbra(p);
  p.optspaces();
  prologo(p);
  p.expect("BEGIN");
  p.expect("{");
  const doc = p.expect("DOCENV");
  const close = p.expect("}");
  p.push("un documento deve iniziare con \\htmlcut", p.isSpace() ? p.i : close, "htmlcut-missing");
  p.optspaces();
  p.htmlcutSlot = p.i;
  p.expect("HTMLCUT");
  if (p.at() === "[") testosquare(p);
  testo(p, false);
  p.expect("END");
  if (p.at() === "{" && p.ahead(1) === "DOCENV") {
    p.push("dopo questo punto", p.next());
    p.next();
    p.expect("}");
    p.pop();
    p.optspaces();
  } else {
    const endOpen = p.i;
    checkEnv(p, "document", doc, wordbra(p), endOpen);
  }
  p.pop();
  p.expect("EOF");
}

/** `[a4paper, twoside]` after `\documentclass` or `\usepackage`. */
function opzioni(p: Parser): void {
  if (p.at() !== "[") return;
  const open = p.next();
  p.push("nelle opzioni", open);
  listaopt(p);
  p.expect("]");
  p.pop();
}

/** What may come before `\begin{document}`, each followed by blanks. */
function prologo(p: Parser): void {
  for (;;) {
    switch (p.at()) {
      case "ELENCO":
        p.next();
        p.expect("{");
        for (;;) {
          const at = p.expect("WORD");
          const s = p.word(at);
          if (s !== "*") {
            if (p.witnesses.has(s)) {
              p.add(at, `${s} duplicato in elenco testimoni`, "warning", "siglum-duplicate");
            } else p.witnesses.add(s);
          }
          if (p.at() !== "/") break;
          p.next();
        }
        p.expect("}");
        break;
      case "TESTIMONI":
        p.next();
        p.expect("{");
        testimoni(p);
        p.expect("}");
        break;
      case "USEPACKAGE":
        p.next();
        opzioni(p);
        p.expect("{");
        listaopt(p);
        p.expect("}");
        break;
      case "EXTERNALDOC":
        p.next();
        if (p.at() === "[") wordsquare(p);
        testobra(p);
        break;
      case "GEOMETRY":
        p.next();
        p.expect("{");
        listaopt(p);
        p.expect("}");
        break;
      case "SETLENGTH":
      case "FOLIUMOPT":
        p.next();
        break;
      case "PWORD":
        p.next();
        wordbra(p);
        break;
      case "MANUS":
        p.next();
        wordbra(p);
        testobra(p);
        testobra(p);
        if (p.at() === "{") wordbra(p);
        break;
      default:
        return;
    }
    p.optspaces();
  }
}
