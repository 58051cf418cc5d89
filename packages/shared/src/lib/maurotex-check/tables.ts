// `\begin{…}` … `\end{…}`: center, tables (`tabula`, `ltabula`) and the other environments.
import type { Parser } from "./parser.js";
import { wordbra, wordsquare } from "./structures.js";

const KNOWN_ENVIRONMENTS = new Set([
  "quote",
  "itemize",
  "enumerate",
  "description",
  "Enunciatio",
  "Protasis",
  "tabular",
  "titmarg",
  "textgreek",
  "flushright",
  "minipage",
]);

/** `\begin{x}` closed by `\end{y}`: an error at `{x}`, a warning at `{y}`, when they differ. */
export function checkEnv(p: Parser, name: string, at: number, end: string, endAt: number): void {
  if (name === end) return;
  p.add(at, `ambiente ${name}`, "error", "env-mismatch");
  p.add(endAt, `chiuso con ${end}`, "warning", "env-mismatch");
}

/** An item starting with `\begin` (after it: any text). */
export function beginSomething(p: Parser): number {
  const begin = p.next();
  const open = p.expect("{");
  // The compilers recover at this brace from errors anywhere in a center or a table.
  p.push("dopo questo punto", open);
  const k = p.at();
  if (k === "CENTER" || k === "TABLE" || k === "LONGTABLE") {
    const nameAt = p.next();
    const close = p.expect("}");
    if (k === "CENTER") {
      p.g.testo(p, true);
      p.expect("END");
      closing(p, "center", "CENTER", nameAt);
    } else if (k === "TABLE") {
      p.push("dopo questo punto", close);
      wordbra(p);
      corpotab(p);
      p.expect("END");
      closing(p, "tabula", "TABLE", nameAt);
      p.pop();
    } else {
      wordbra(p);
      p.optspaces();
      righe(p);
      p.expect("END");
      p.expect("{");
      p.expect("LONGTABLE");
      p.expect("}");
    }
    p.pop();
    return 1;
  }
  let name = "";
  if (k === "WORD") name = p.word(p.next());
  p.expect("}");
  p.pop();
  if (p.at() === "[") wordsquare(p);
  p.g.testo(p, false);
  p.expect("END");
  const endOpen = p.i;
  const end = wordbra(p);
  checkEnv(p, name, open, end, endOpen);
  if (!KNOWN_ENVIRONMENTS.has(name)) {
    p.add(begin, `ambiente <${name}> sconosciuto`, "warning", "env-unknown");
  }
  return 1;
}

/** After `\end`: `{name}` as opened, or another word (an error at the opening). */
function closing(p: Parser, name: string, kind: string, nameAt: number): void {
  if (p.at() === "{" && p.ahead(1) === kind) {
    p.push("dopo questo punto", p.next());
    p.next();
    p.expect("}");
    p.pop();
    return;
  }
  const endOpen = p.i;
  const end = wordbra(p);
  checkEnv(p, name, nameAt, end, endOpen);
}

/** The body of a `tabula`: an optional `\inizio{…}`, rows, an optional `\fine{…}`. */
function corpotab(p: Parser): void {
  p.optspaces();
  if (p.at() === "BEGINTAB") {
    p.next();
    p.g.testobra(p);
    p.optspaces();
  }
  righe(p);
  if (p.at() === "ENDTAB") {
    p.next();
    p.g.testobra(p);
    p.optspaces();
  }
}

/** Rows separated by `\\`, cells by `&`. */
function righe(p: Parser): void {
  for (;;) {
    if (p.at() === "HLINE") {
      p.next();
      p.optspaces();
    } else {
      for (;;) {
        cell(p);
        if (p.at() !== "&") break;
        p.next();
        p.optspaces();
      }
    }
    if (p.at() !== "SEPROW") return;
    p.next();
    p.optspaces();
  }
}

function cell(p: Parser): void {
  if (p.at() === "MULTI") {
    p.next();
    const at = p.i;
    const n = wordbra(p);
    if (!/^[0-9]*$/.test(n)) {
      p.add(
        at,
        `letto <${n.slice(0, 60)}> mentre era atteso un numero`,
        "error",
        "number-expected",
      );
    }
    p.optspaces();
  }
  if (p.at() === "CELLMARK") {
    p.next();
    p.optspaces();
  } else p.g.testonospace(p);
}
