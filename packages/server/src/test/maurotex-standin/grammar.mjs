// What the real compilers refuse, read from their grammar independently of the live checker
// (packages/shared/src/lib/maurotex-check), so that tests comparing the two mean something.
// `grammarCheck(source)` → `{ errors, warnings }`, each `{ line, message }` in the order the
// compilers print them: lexer warnings as tokens are read, then at the first syntax error
// "syntax error" at the line being read and the message of the construct they recover in.

import { documentWithClass, environment } from "./grammar-parts.mjs";
import { scan } from "./lexer.mjs";

/**
 * The arguments of each macro of running text, one letter per argument:
 * t `{text}`, w `{word}`, q optional `[word]`, s optional `[text]`, l `{{A:reading}…}`,
 * c `{{label}{text}{ref}}`, x `{{text}…}`, n `{text#text}`, f a figure, o a folio mark,
 * p `{word,word}`, _ one blank, ! no `[` may follow, h `\htmlcut`'s optional `[text]`.
 */
const SIGNATURES = {
  "": "", // characters, symbols, words and the like
  ONE: "t",
  TWO: "tt",
  SWITCH: "_",
  ITEM: "s!",
  UNITEMPTY: "!",
  HTMLCUT: "s!",
  UNIT: "q!",
  TITLE: "t",
  AUTHOR: "n",
  NAMES2: "nn",
  FRONTESPIZIO: "ttn",
  MCITE: "wt",
  LABEL: "w",
  LETTERLABEL: "ww",
  REF: "w",
  LB: "wt",
  UNITREF: "qw",
  OPTONE: "st",
  FIGURE: "sf",
  FOLIUM: "o",
  PROP: "p",
  CIT: "qx",
  TEXTS: "x",
  VARIANT: "ql",
  TRANSPOSITION: "ql",
  FIELDS: "l",
  CITLONGA: "c",
  SEMPL1: "qt",
  SEMPL2: "qtt",
};

const OPTIONS = {
  CIT: { allowed: ["exp", "imp", "eqv"], message: "opzione sconosciuta per \\Cit" },
  VARIANT: { allowed: ["longa"], message: "opzione sconosciuta per una variante" },
  TRANSPOSITION: {
    allowed: ["longa", "multiplex", "duplex", "unit"],
    message: "opzione sconosciuta per una trasposizione",
  },
};

class Stop extends Error {}

export function grammarCheck(source) {
  const { tokens, lastLine } = scan(source);
  const errors = [];
  const warnings = [];
  const open = []; // constructs the compilers recover in: { message, line, document }
  const declared = new Set();
  const seen = { unit: new Set(), key: new Set(), lb: new Set() };
  let pos = 0;
  let lexed = 0;
  const lex = (upTo) => {
    for (; lexed <= upTo && lexed < tokens.length; lexed++) {
      if (tokens[lexed].unknown)
        warnings.push({
          line: tokens[lexed].line,
          message: `${tokens[lexed].v}: macro inesistente`,
        });
    }
  };
  const tok = () => {
    lex(pos);
    return tokens[pos];
  };
  const is = (t) => tok().t === t;
  const blank = () => is("SP") || is("NL");
  const stop = () => {
    throw new Stop();
  };
  const take = (t) => {
    if (!is(t)) stop();
    return tokens[pos++];
  };
  const blanks = () => {
    while (blank()) pos++;
  };
  const within = (message, line, body, document = false) => {
    open.push({ message, line, document });
    const r = body();
    open.pop();
    return r;
  };
  const long = (a, b, what) => {
    if (b.line - a.line > 20) {
      warnings.push({ line: a.line, message: `${what} aperta` });
      warnings.push({ line: b.line, message: "chiusa in questo punto" });
    }
  };
  const error = (line, message) => errors.push({ line, message });
  const witness = (w) => {
    if (w.v !== "*" && !declared.has(w.v)) {
      warnings.push({ line: w.line, message: `${w.v} assente da elenco testimoni` });
    }
  };

  const braced = (inner, message = "dopo questo punto") => {
    const a = take("{");
    return within(message, a.line, () => {
      const r = inner();
      long(a, take("}"), "graffa");
      return r;
    });
  };
  const text = () => braced(() => running(true));
  const word = () => braced(() => (is("W") ? tokens[pos++].v : ""));
  const square = () => {
    const a = take("[");
    within("dopo questo punto", a.line, () => {
      running(true);
      long(a, take("]"), "quadra");
    });
  };
  const wordOpt = () => {
    if (!is("[")) return undefined;
    const a = take("[");
    return within("dopo questo punto", a.line, () => {
      const w = take("W").v;
      take("]");
      return { w, line: a.line };
    });
  };
  const sigla = () => {
    for (;;) {
      witness(take("W"));
      if (!is("/")) return;
      pos++;
    }
  };
  const options = () => {
    for (;;) {
      blanks();
      if (!is("W")) return;
      pos++;
      if (!is(",")) return;
      pos++;
    }
  };
  const psText = () =>
    braced(() => {
      if (is("PL")) {
        pos++;
        text();
      } else running(true);
    });
  const DESCRIPTIONS = {
    SUB0: "",
    SUB1: "t",
    SUBPS: "P",
    SUBWORD: "w",
    SUBSQUARE: "q",
    SUBDESCOMPL: "ttP",
    SUBEDCOMPL: "ttt",
  };
  const reading = () =>
    braced(() => {
      sigla();
      if (is("BANALE")) pos++;
      take(":");
      if (tok().t in DESCRIPTIONS) {
        while (tok().t in DESCRIPTIONS) {
          const sig = DESCRIPTIONS[tokens[pos++].t];
          for (const a of sig)
            (a === "t" ? text : a === "w" ? word : a === "q" ? wordOpt : psText)();
        }
        take(":");
      }
      running(true);
    }, "Y dopo questo punto");
  const list = (one, emptyMessage, max = Infinity) => {
    let count = 0;
    const a = take("{");
    within("dopo questo punto", a.line, () => {
      blanks();
      while (is("{") && count < max) {
        one(count++);
        if (count < max) blanks();
      }
      const b = take("}");
      if (count === 0) error(b.line, emptyMessage);
    });
  };
  const names = () => {
    take("{");
    running(true);
    while (is("#")) {
      pos++;
      running(true);
    }
    take("}");
  };

  /** The arguments after a macro; returns whether `[` may follow. */
  function args(kind, at) {
    const sig = SIGNATURES[kind] ?? "";
    let squareAfter = true;
    let opt;
    let label;
    const title = kind === "TITLE" ? { message: "nel titolo", line: at.line } : undefined;
    if (title) open.push(title);
    for (const a of sig) {
      if (a === "t") text();
      else if (a === "w") {
        const w = word();
        label ??= w;
      } else if (a === "q") opt = wordOpt();
      else if (a === "s") {
        if (is("[")) square();
      } else if (a === "_") {
        if (!blank()) stop();
        pos++;
      } else if (a === "!") squareAfter = false;
      else if (a === "n") names();
      else if (a === "x") list(() => text(), "nessun testo nella lista");
      else if (a === "l") list(() => reading(), "nessun campo nella lista");
      else if (a === "c") list((i) => (i === 0 ? word() : text()), "nessun campo nella lista", 3);
      else if (a === "p") {
        take("{");
        options();
        take("}");
      } else if (a === "f")
        braced(() => {
          if (is("{")) {
            text();
            if (is("[")) square();
          } else if (is("W")) pos++;
          else if (!is("}")) stop();
        });
      else if (a === "o")
        braced(() => {
          const w = take("W");
          if (is(":")) {
            witness(w);
            pos++;
            take("W");
          }
        });
    }
    if (title) open.pop();
    if (kind === "UNIT" && opt) label = opt.w;
    const set = kind === "UNIT" ? seen.unit : kind === "LB" ? seen.lb : seen.key;
    if (label !== undefined && ["UNIT", "LB", "LABEL", "LETTERLABEL"].includes(kind)) {
      if (set.has(label)) error(at.line, "etichetta gia` utilizzata");
      else set.add(label);
    }
    const o = OPTIONS[kind];
    if (o && opt && !o.allowed.includes(opt.w))
      error(kind === "CIT" ? at.line : opt.line, o.message);
    return squareAfter;
  }

  /** One element of running text: what may follow it ("text", or "plain": no `[`), or false. */
  function element() {
    const t = tok();
    let after = "text";
    if (["W", "CHR", "UNKNOWN", "DOCENV", "CENTER", "TABLE", ",", ":", "/"].includes(t.t)) pos++;
    else if (t.t === "{") text();
    else if (t.t === "<") {
      const a = tokens[pos++];
      within("dopo questo punto", a.line, () => {
        running(true);
        long(a, take(">"), "angolare");
      });
    } else if (t.t === "MATH" || t.t === "EQN") {
      pos++;
      running(true);
      take(t.t === "MATH" ? "ENDMATH" : "ENDEQN");
    } else if (t.t === "BEGIN") environment(r);
    else if (t.t in SIGNATURES && t.t !== "") {
      pos++;
      if (!args(t.t, t)) after = "plain";
    } else return false;
    return after;
  }

  /** Running text; `squareOk` when it may begin with `[…]` (which then ends it). */
  function running(squareOk) {
    let sq = squareOk;
    for (;;) {
      if (is("[")) {
        if (sq) square();
        return;
      }
      if (blank()) {
        blanks();
        if (is("[")) return;
      }
      const after = element();
      if (!after) return;
      sq = after === "text";
    }
  }

  /** What the other parts (grammar-parts.mjs) read with. */
  const r = {
    get pos() {
      return pos;
    },
    set pos(value) {
      pos = value;
    },
    tokens,
    warnings,
    declared,
    tok,
    is,
    take,
    blank,
    blanks,
    stop,
    within,
    word,
    text,
    wordOpt,
    square,
    running,
    element,
    error,
    sigla,
    options,
  };

  try {
    blanks();
    if (is("CLASS")) documentWithClass(r);
    else {
      pos = 0;
      running(true);
      take("EOF");
    }
    lex(tokens.length);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    const at = tokens[pos];
    const line = at.t === "EOF" ? lastLine : at.t === "NL" ? at.line + 1 : at.line;
    error(line, "syntax error");
    const recover = open.at(-1);
    if (recover) error(recover.line, recover.message);
    if (recover && !recover.document) lex(tokens.length);
  }
  return { errors, warnings };
}
