// Walks the tree of parse.mjs and asks a backend (HTML or LaTeX) for each piece. The walker
// knows Mauro-TeX's macros (which take which arguments, which are dropped); backends only
// know their output language.

import { VARIANT_MACROS, isBlank, parseVariant, rawText } from "./parse.mjs";

/** Headings and the level the output gives them. */
const HEADINGS = {
  Title: 1,
  Capitolo: 1,
  section: 1,
  Sottocapitolo: 2,
  subsection: 2,
  subsubsection: 3,
  Teorema: 3,
  Lemma: 3,
  Aliter: 3,
  Additio: 3,
  Corollario: 3,
  Scolio: 3,
  paragraph: 3,
};

/** Macros whose one argument never reaches the text. */
const DROP_ONE = new Set([
  "ElencoTestimoni",
  "Testimoni",
  "NomeTestimone",
  "label",
  "ref",
  "pageref",
  "cite",
  "externaldocument",
  "usepackage",
  "setlength",
]);

/** Which of the inner groups carries the text: `\Citlonga{{label}{text}{ref}}` and kin. */
const INNER_TEXT = { Citlonga: 1, Cit: 0, Date: 0 };

/**
 * How the descriptions inside a reading read (`{A:\EX{x}:text}`): `%` is the macro's argument.
 * Unknown ones read as their lowercase name.
 */
const ANNOTATIONS = {
  MARG: "in marg.",
  MARGSIGN: "in marg. cum signo",
  INTERL: "interl.",
  SUPRA: "supra lin.",
  PC: "p.c.",
  BIS: "bis",
  EX: "ex %",
  POSTDEL: "post % del.",
  ANTEDEL: "ante % del.",
  DES: "%",
  LEC: "lect. %",
  DEL: "del.",
  EXP: "exp.",
  OM: "om.",
};

/** Index of the next non-blank sibling after `i`. */
function nextSolid(nodes, i) {
  let j = i + 1;
  while (j < nodes.length && isBlank(nodes[j])) j++;
  return j;
}

/** The group right after `i` (blanks skipped): `{ group, next }`, or none. */
function takeGroup(nodes, i) {
  const j = nextSolid(nodes, i);
  return nodes[j]?.t === "group" ? { group: nodes[j], next: j } : undefined;
}

/** An optional argument `[…]` right after `i`: `{ inner, next }`, or none. */
function takeOptional(nodes, i) {
  const j = nextSolid(nodes, i);
  if (!(nodes[j]?.t === "text" && nodes[j].v === "[")) return undefined;
  for (let k = j + 1; k < nodes.length; k++) {
    if (nodes[k].t === "text" && nodes[k].v === "]")
      return { inner: nodes.slice(j + 1, k), next: k };
  }
  return undefined;
}

/** Renders nodes with a backend. `ctx`: depth, math, table, witness, apparatus, variants. */
export function walk(nodes, b, ctx) {
  let out = "";
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.t === "text") {
      if (n.v === "$") {
        ctx.math = !ctx.math;
        out += b.mathShift(ctx);
      } else out += ctx.math ? b.mathText(n.v, ctx) : b.text(n.v, ctx);
    } else if (n.t === "group") {
      out += b.group(walk(n.children, b, inner(ctx)), ctx);
    } else {
      const done = macro(nodes, i, b, ctx);
      out += done.out;
      i = done.next;
    }
  }
  return out;
}

/** The context of a nested group: one level deeper, same everything else. */
export function inner(ctx) {
  return { ...ctx, depth: ctx.depth + 1 };
}

/** The text of a reading or a note, with nested variants shown by their base text only. */
export function walkQuiet(nodes, b, ctx) {
  return walk(nodes, b, { ...inner(ctx), apparatus: false, math: false });
}

/** The words of a reading's descriptions (`\MARG`, `\EX{x}` …), joined. */
export function annotationWords(notes, b, ctx) {
  return notes
    .map((segment) => walk(segment, b, { ...inner(ctx), annotation: true, apparatus: false }))
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .join(" ");
}

function macro(nodes, i, b, ctx) {
  const name = nodes[i].name;
  const none = { out: "", next: i };
  if (ctx.annotation && name in ANNOTATIONS) {
    const template = ANNOTATIONS[name];
    if (!template.includes("%")) return { out: `${template} `, next: i };
    const arg = takeGroup(nodes, i);
    const text = arg ? walk(arg.group.children, b, inner(ctx)) : "";
    return { out: `${template.replace("%", text)} `, next: arg ? arg.next : i };
  }
  if (ctx.annotation && /^[A-Z]{2,}$/.test(name)) return { out: `${name.toLowerCase()} `, next: i };
  if (VARIANT_MACROS.has(name)) {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    const variant = ctx.variants.get(arg.group) ?? {
      variant: parseVariant(name, arg.group),
      n: 0,
    };
    return { out: b.variant(variant.variant, variant.n, ctx), next: arg.next };
  }
  if (DROP_ONE.has(name)) {
    const arg = takeGroup(nodes, i);
    return { out: "", next: arg ? arg.next : i };
  }
  if (name === "Unit" || name === "UnitEmpty") {
    const opt = takeOptional(nodes, i);
    return { out: "", next: opt ? opt.next : i };
  }
  if (name in HEADINGS) {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    let next = arg.next;
    if (name === "Title") next = takeGroup(nodes, next)?.next ?? next;
    const text = walk(arg.group.children, b, inner(ctx));
    return { out: b.heading(HEADINGS[name], text, ctx), next };
  }
  if (name === "Sup" || name === "Sub") {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    const text = walk(arg.group.children, b, inner(ctx));
    return { out: b.script(name === "Sup" ? "sup" : "sub", text, ctx), next: arg.next };
  }
  if (name in INNER_TEXT) {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    const parts = arg.group.children.filter((c) => c.t === "group");
    const chosen = parts[INNER_TEXT[name]];
    const text = chosen ? walk(chosen.children, b, inner(ctx)) : "";
    if (name !== "Date") b.citation?.(text, rawText(parts[parts.length - 1]?.children ?? []), ctx);
    return { out: text, next: arg.next };
  }
  if (name === "LB" || name === "href") {
    const first = takeGroup(nodes, i);
    const second = first && takeGroup(nodes, first.next);
    if (!second) return none;
    return { out: walk(second.group.children, b, inner(ctx)), next: second.next };
  }
  if (name === "Folium") {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    return { out: b.folium(rawText(arg.group.children).trim(), ctx), next: arg.next };
  }
  if (name === "Figura" || name === "Figskip") {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    const [first, ...rest] = arg.group.children.filter((c) => !isBlank(c));
    const label = name === "Figura" && first?.t === "group" ? rawText(first.children) : "";
    const shown = rest.filter((c) => !(c.t === "text" && (c.v === "[" || c.v === "]")));
    return { out: b.figure(label, walk(shown, b, inner(ctx)), ctx), next: arg.next };
  }
  if (name === "begin" || name === "end") {
    const arg = takeGroup(nodes, i);
    if (!arg) return none;
    return { out: b.env(name, rawText(arg.group.children).trim(), ctx), next: arg.next };
  }
  if (name === "par") return { out: b.par(ctx), next: i };
  if (name === "\\") return { out: b.newline(ctx), next: i };
  return { out: ctx.math ? b.mathMacro(name, ctx) : b.macro(name, ctx), next: i };
}
