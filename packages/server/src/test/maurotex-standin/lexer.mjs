// The compilers' lexer, for the stand-in's grammar check (grammar.mjs): `{ tokens, lastLine }`,
// each token `{ t, v, line, unknown }`. The longest match wins and a named macro wins a tie with
// an unknown one; `%` comments to the end of the line (no `\%`); `$`/`$$` open and close math.

/** Macro names by the part they play in the grammar (from the compilers' lexer, m2x/mparse.f). */
const BY_ROLE = {
  ONE: "textcircled cite Sup Sub date section subsection subsubsection paragraph underline CONTR Tit Personaggio RUBR strike ABBR Teorema Capitolo Aliter Lemma Corollario Scolio Additio Sottocapitolo Comm Opera Nome Luogo Cong Libro Arg Bibrif note CRUX EXPU INTE CORR CitMarg CitMargSign GG Dag Math textsc textbf emph textit vspace footnote phantom numero destinatario mittente luogomitt data commento voidhref",
  TWO: "SupSub Title Markup frac AliaManus href",
  CHR: "intestazione MauroTeX MTeX PER CON TeX LaTeX par pstart pend maketitle Commenti Annotazioni OM NIHIL DEL EXP OMLAC NL LACm LACc LACs DB SB flat natural cdot vert lbracket rbracket S dots times noindent newpage inizioepistola fineepistola BeginNM EndNM",
  CHR2: "ae oe AE OE ss Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha beta gamma delta varepsilon epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho varsigma sigma tau upsilon varphi phi chi psi omega",
  CHR3: "CNJ OPP PRL TRN RTT DRTT CUB PYR PPD PEN HEX HEXC TRP QDR RDX rdx mtilde ptilde SOL LUN TER MER VEN MAR GIO SAT ARS TRS GMN CNC LEO VRG LBR SCR SGT CPR AQR PSC Stella Terra hfill",
  W: "medskipamount smallskipamount bigskipamount",
  SWITCH: "em it sl bf tt rm",
  ITEM: "item",
  UNITEMPTY: "UnitEmpty",
  HTMLCUT: "htmlcut",
  UNIT: "Unit",
  TITLE: "title",
  AUTHOR: "author",
  NAMES2: "mfrac omfrac mfraco",
  FRONTESPIZIO: "frontespizio",
  MCITE: "maurocite",
  LABEL: "label",
  LETTERLABEL: "letterlabel",
  REF: "ref pageref NomeTestimone",
  LB: "LB",
  UNITREF: "UN",
  OPTONE: "Marg Formula Tavola Adnotatio",
  FIGURE: "Figskip Figura",
  FOLIUM: "Folium",
  PROP: "Prop",
  CIT: "Cit",
  TEXTS: "Date Rcases Lcases RLcases Rbracecases Lbracecases RLbracecases Voidcases",
  VARIANT: "VV VB SCHOL",
  TRANSPOSITION: "TV TB",
  FIELDS: "VF NOTAMARG",
  CITLONGA: "Citlonga",
  SEMPL1: "Smarg Smargsign Sinterl Ssupra Spc Sbis",
  SEMPL2: "Smargcorr Smargsigncorr Sintcorr Santedel Spostdel Sex",
  BEGIN: "begin",
  END: "end",
  HLINE: "linea",
  CELLMARK: "regula lgra rgra lang rang",
  MULTI: "mcol mrow",
  BEGINTAB: "inizio",
  ENDTAB: "fine",
  BANALE: "banale",
  PL: "PL",
  SUB0: "POSTSCRIPT BIS INTERL SUPRA MARG MARGSIGN PC",
  SUB1: "DES ED",
  SUBPS: "ANTEDEL POSTDEL EX LEC",
  SUBWORD: "CR",
  SUBSQUARE: "REP",
  SUBDESCOMPL: "DESCOMPL",
  SUBEDCOMPL: "EDCOMPL",
  ELENCO: "ElencoTestimoni",
  TESTIMONI: "Testimoni",
  CLASS: "documentclass",
  USEPACKAGE: "usepackage",
  EXTERNALDOC: "externaldocument",
  GEOMETRY: "geometry",
  SETLENGTH: "setlength",
  PWORD: "parskip parindent PreloadUnicodePage",
  FOLIUMOPT: "FoliumInMargine FoliumInTesto",
  MANUS: "Manus",
};

const ROLE = new Map();
for (const [role, names] of Object.entries(BY_ROLE)) {
  for (const name of names.split(" ")) ROLE.set(name, role.startsWith("CHR") ? "CHR" : role);
}

/** Macros the lexer does not know but does not warn about either. */
const QUIET = new Set(
  "marginpar footnotesize raggedright endhead twocolumn onecolumn maurogreek ulcorner lrcorner left right int_ mathcal".split(
    " ",
  ),
);

const BARE_WORDS = {
  document: "DOCENV",
  center: "CENTER",
  tabula: "TABLE",
  ltabula: "LONGTABLE",
  "--": "CHR",
  "---": "CHR",
  _: "ONE",
};

const PUNCTUATION = {
  "{": "{",
  "}": "}",
  "[": "[",
  "]": "]",
  "<": "<",
  ">": ">",
  ":": ":",
  "/": "/",
  ",": ",",
  "&": "&",
  "#": "#",
  "^": "ONE",
  "(": "CHR",
  ")": "CHR",
  "~": "CHR",
  ";": "CHR",
  "!": "CHR",
};

// Tried in this order at each place; the first that matches is the longest one there.
const PATTERNS = [
  [/\\(?:c [epc]|v o|it\\&)/y, () => "CHR"],
  [/\\[A-Za-z|+_]+/y, (v) => ROLE.get(v.slice(1)) ?? "UNKNOWN"],
  [/\\\\/y, () => "SEPROW"],
  [/\\[`'^"](?:\{[aeiouAEIOU]\}|[aeiouAEIOU]|\\i)|\\~n|\\\.o|\\[&,=-]/y, () => "CHR"],
  [/\\[[(]/y, (v) => (v === "\\[" ? "EQN" : "MATH")],
  [/\\[\])]/y, (v) => (v === "\\]" ? "ENDEQN" : "ENDMATH")],
  [/\\[-*@=?."]/y, () => "UNKNOWN"],
  [/\\/y, () => "BAD"],
  [/(?:c [epc]|v o|it\\&)/y, () => "W"],
  [/[A-Za-z0-9|+_\-*@=?."\u0080-\uffff]+/y, (v) => BARE_WORDS[v] ?? "W"],
  [/``|''|`|'/y, () => "CHR"],
];

export function scan(source) {
  const tokens = [];
  let line = 1;
  let math = false;
  let eqn = false;
  let i = 0;
  const add = (t, v) =>
    tokens.push({ t, v, line, unknown: t === "UNKNOWN" && !QUIET.has(v.slice(1)) });
  outer: while (i < source.length) {
    const ch = source[i];
    if (ch === "\n") {
      add("NL", ch);
      line++;
      i++;
      continue;
    }
    if (ch === " " || ch === "\t") {
      const m = /[ \t]+/y;
      m.lastIndex = i;
      add("SP", m.exec(source)[0]);
      i = m.lastIndex;
      continue;
    }
    if (ch === "%") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
      continue;
    }
    if (ch === "$") {
      if (source[i + 1] === "$") {
        add(eqn ? "ENDEQN" : "EQN", "$$");
        eqn = !eqn;
        i += 2;
      } else {
        add(math ? "ENDMATH" : "MATH", "$");
        math = !math;
        i++;
      }
      continue;
    }
    if (PUNCTUATION[ch]) {
      add(PUNCTUATION[ch], ch);
      i++;
      continue;
    }
    for (const [re, kind] of PATTERNS) {
      re.lastIndex = i;
      const m = re.exec(source);
      if (m) {
        add(kind(m[0]), m[0]);
        i = re.lastIndex;
        continue outer;
      }
    }
    i++; // carriage returns and control characters make no token
  }
  tokens.push({ t: "EOF", v: "", line });
  return { tokens, lastLine: line };
}
