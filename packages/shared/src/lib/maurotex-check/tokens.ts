// The Mauro-TeX lexer as the compilers read a source: the longest match wins, a keyword wins a
// tie; `%` to the end of the line is a comment (there is no `\%`); `$` opens and closes math.
import { ALLOWED_UNKNOWN, MACRO_KINDS } from "./macros.js";

export interface Tokens {
  /** Kind of each token; the last one is `EOF`. */
  kind: string[];
  /** 1-based line where each token starts. */
  line: Int32Array;
  from: Int32Array;
  to: Int32Array;
  /** The line count after the whole text (where an error at the end is reported). */
  lastLine: number;
}

const WORD_EXTRA = new Set(["|", "+", "_", "-", "*", "@", "=", "?", ".", '"']);
const SEGNO = new Set(["-", "*", "@", "=", "?", ".", '"']);
const VOWELS = "aeiouAEIOU";
const SINGLE: Record<string, string> = {
  "{": "{",
  "}": "}",
  "[": "[",
  "]": "]",
  "<": "<",
  ">": ">",
  "(": "SIMPLE",
  ")": "SIMPLE",
  "~": "SIMPLE",
  ":": ":",
  "/": "/",
  ",": ",",
  "&": "&",
  "#": "#",
  "^": "ONE",
  ";": "SIMPLE",
  "!": "SIMPLE",
};
/** Bare words the lexer reads as keywords (`document`, `center`…) when they are the whole word. */
const BARE: Record<string, string> = {
  document: "DOCENV",
  center: "CENTER",
  tabula: "TABLE",
  ltabula: "LONGTABLE",
  "--": "SIMPLE",
  "---": "SIMPLE",
  _: "ONE",
};

function isAlfa(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 124 || c === 43 || c === 95;
}

/** ASCII characters of words (letters, digits, `|+_-*@=?."`); every non-ASCII one is too. */
const WORD_ASCII = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (isAlfa(c) || (c >= 48 && c <= 57) || WORD_EXTRA.has(ch)) table[c] = 1;
  }
  return table;
})();

function isWordCode(c: number): boolean {
  return c >= 0x80 || WORD_ASCII[c] === 1;
}

/** An accent `\'a`, `\'{a}`, `\'\i` after the two-character prefix at `i`: its length, or 0. */
function accentLength(text: string, i: number): number {
  const c = text[i + 2] ?? "";
  if (VOWELS.includes(c) && c !== "") return 3;
  if (c === "{" && VOWELS.includes(text[i + 3] ?? "_") && text[i + 4] === "}") return 5;
  if (c === "\\" && text[i + 3] === "i") return 4;
  return 0;
}

export interface UnknownMacro {
  token: number;
  name: string;
}

/** Splits `text` into tokens; `unknown` receives every unknown macro (warned by the compilers). */
export function tokenize(text: string, unknown: UnknownMacro[]): Tokens {
  const kind: string[] = [];
  const lines: number[] = [];
  const froms: number[] = [];
  const tos: number[] = [];
  let line = 1;
  let math = false;
  let eqn = false;
  const push = (k: string, from: number, to: number) => {
    kind.push(k);
    lines.push(line);
    froms.push(from);
    tos.push(to);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text[i]!;
    const c = text.charCodeAt(i);
    if (c === 10) {
      push("NL", i, i + 1);
      line++;
      i++;
    } else if (c === 32 || c === 9) {
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      push("SP", i, j);
      i = j;
    } else if (ch === "%") {
      while (i < n && text.charCodeAt(i) !== 10) i++;
    } else if (ch === "\\") {
      i = macro(text, i, push, unknown, kind);
    } else if (ch === "$") {
      if (text[i + 1] === "$") {
        push(eqn ? "ENDEQN" : "BEGINEQN", i, i + 2);
        eqn = !eqn;
        i += 2;
      } else {
        push(math ? "ENDMATH" : "BEGINMATH", i, i + 1);
        math = !math;
        i++;
      }
    } else if (ch === "`" || ch === "'") {
      const len = text[i + 1] === ch ? 2 : 1;
      push("SIMPLE", i, i + len);
      i += len;
    } else if (isWordCode(c)) {
      let j = i + 1;
      while (j < n && isWordCode(text.charCodeAt(j))) j++;
      let kind = "WORD";
      if (j - i <= 8) {
        const word = text.slice(i, j);
        kind = BARE[word] ?? "WORD";
        // The few bare "macro names" with a blank or a backslash inside are single words too.
        const after = text.slice(j, j + 2);
        if ((word === "c" && /^ [epc]$/.test(after)) || (word === "v" && after === " o")) j += 2;
        else if (word === "it" && after === "\\&") j += 2;
      }
      push(kind, i, j);
      i = j;
    } else if (SINGLE[ch] !== undefined) {
      push(SINGLE[ch], i, i + 1);
      i++;
    } else i++; // `\r` and control characters: no token
  }
  push("EOF", n, n);
  return {
    kind,
    line: Int32Array.from(lines),
    from: Int32Array.from(froms),
    to: Int32Array.from(tos),
    lastLine: line,
  };
}

type Push = (k: string, from: number, to: number) => void;

/** One token starting with a backslash at `i`; returns where the next token starts. */
function macro(
  text: string,
  i: number,
  push: Push,
  unknown: UnknownMacro[],
  kind: string[],
): number {
  const next = text[i + 1] ?? "";
  const nc = text.charCodeAt(i + 1);
  if (next !== "" && isAlfa(nc)) {
    let j = i + 2;
    while (j < text.length && isAlfa(text.charCodeAt(j))) j++;
    const name = text.slice(i + 1, j);
    const after = text.slice(j, j + 2);
    if (
      (name === "c" && /^ [epc]$/.test(after)) ||
      (name === "v" && after === " o") ||
      (name === "it" && after === "\\&")
    ) {
      push("SIMPLE", i, j + 2);
      return j + 2;
    }
    const k = MACRO_KINDS.get(name);
    if (k !== undefined) {
      push(k, i, j);
      return j;
    }
    if (!ALLOWED_UNKNOWN.has(name)) unknown.push({ token: kind.length, name: `\\${name}` });
    push("UNKNOWN", i, j);
    return j;
  }
  if (next === "\\") {
    push("SEPROW", i, i + 2);
    return i + 2;
  }
  if (next === "`" || next === "'" || next === "^" || next === '"') {
    const len = accentLength(text, i);
    if (len > 0) {
      push("SIMPLE", i, i + len);
      return i + len;
    }
  }
  if (next === "~" && text[i + 2] === "n") {
    push("SIMPLE", i, i + 3);
    return i + 3;
  }
  if (next === "." && text[i + 2] === "o") {
    push("SIMPLE", i, i + 3);
    return i + 3;
  }
  const two: Record<string, string> = {
    "&": "SIMPLE",
    ",": "SIMPLE",
    "[": "BEGINEQN",
    "]": "ENDEQN",
    "(": "BEGINMATH",
    ")": "ENDMATH",
    "=": "SIMPLE",
    "-": "SIMPLE",
  };
  const k = two[next];
  if (k !== undefined) {
    push(k, i, i + 2);
    return i + 2;
  }
  if (SEGNO.has(next)) {
    unknown.push({ token: kind.length, name: `\\${next}` });
    push("UNKNOWN", i, i + 2);
    return i + 2;
  }
  push("BACKSLASH", i, i + 1);
  return i + 1;
}
