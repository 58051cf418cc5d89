// Reads a Mauro-TeX document into a small tree, the way the stand-in compilers need it: sigla,
// variants with their line; its errors are the real compilers' (grammar.mjs).

import { grammarCheck } from "./grammar.mjs";

/** Characters that stay single text tokens, so options and readings can be split on them. */
const SINGLE = new Set(["[", "]", ":", "/", "$", "&"]);

/** The macros that hold variants: `\VV{{A/B:reading}{C:other}}` and its relatives. */
export const VARIANT_MACROS = new Set(["VV", "VB", "TV", "TB", "VF", "NOTAMARG"]);

/** The line up to its first unescaped `%`. */
export function stripComment(line) {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === "%") return line.slice(0, i);
  }
  return line;
}

/** `%STANDIN:<word> <argument>` lines, in order (the test triggers, see README.md). */
export function standinTriggers(source) {
  const found = [];
  for (const line of source.split(/\r?\n/)) {
    const match = /^\s*%STANDIN:([a-z]+)\s+(.*?)\s*$/.exec(line);
    if (match) found.push({ word: match[1], arg: match[2] });
  }
  return found;
}

/** Tokens of the comment-free text: text, macro, open, close; each with its line. */
function tokenize(text) {
  const tokens = [];
  let line = 1;
  let buffer = "";
  let bufferLine = 1;
  const flush = () => {
    if (buffer) tokens.push({ t: "text", v: buffer, line: bufferLine });
    buffer = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      flush();
      const rest = /^[A-Za-z@]+/.exec(text.slice(i + 1, i + 65));
      const name = rest ? rest[0] : (text[i + 1] ?? "");
      tokens.push({ t: "macro", name, line });
      i += name.length;
      if (name === "\n") line++;
    } else if (c === "{" || c === "}") {
      flush();
      tokens.push({ t: c === "{" ? "open" : "close", line });
    } else if (SINGLE.has(c)) {
      flush();
      tokens.push({ t: "text", v: c, line });
    } else {
      if (!buffer) bufferLine = line;
      buffer += c;
      if (c === "\n") line++;
    }
  }
  flush();
  return tokens;
}

/**
 * The document as a tree: `{ nodes, errors }`. A group is `{ t: "group", children, line }`.
 * Unbalanced braces are errors at the line of the unclosed `{` (or of the stray `}`).
 */
export function parseTree(source) {
  const text = source
    .split(/\r?\n/)
    .map((l) => stripComment(l))
    .join("\n");
  const errors = [];
  const root = { t: "group", children: [], line: 1 };
  const stack = [root];
  for (const token of tokenize(text)) {
    const top = stack[stack.length - 1];
    if (token.t === "open") {
      const group = { t: "group", children: [], line: token.line };
      top.children.push(group);
      stack.push(group);
    } else if (token.t === "close") {
      if (stack.length === 1) {
        errors.push({ line: token.line, message: "parentesi graffa chiusa senza apertura" });
      } else stack.pop();
    } else top.children.push(token);
  }
  for (const open of stack.slice(1)) {
    errors.push({ line: open.line, message: "parentesi graffa aperta e mai chiusa" });
  }
  errors.sort((a, b) => a.line - b.line);
  return { nodes: root.children, errors };
}

/** True for a text token that is only blanks (or a group's neighbour `\n`). */
export function isBlank(node) {
  return node.t === "text" && node.v.trim() === "";
}

/** The plain characters of a few nodes (macros as `\name`), for sigla and labels. */
export function rawText(nodes) {
  let out = "";
  for (const n of nodes) {
    if (n.t === "text") out += n.v;
    else if (n.t === "macro") out += `\\${n.name}`;
    else out += `{${rawText(n.children)}}`;
  }
  return out;
}

/** Splits nodes at top-level `:` tokens. */
function splitColons(nodes) {
  const parts = [[]];
  for (const n of nodes) {
    if (n.t === "text" && n.v === ":") parts.push([]);
    else parts[parts.length - 1].push(n);
  }
  return parts;
}

/** True when a segment is an annotation (`\MARG`, `\EX{x}`…): it opens with a macro. */
function isAnnotation(nodes) {
  const first = nodes.find((n) => !isBlank(n));
  return first !== undefined && first.t === "macro";
}

/**
 * One reading `{A/B:\MARG:text}` → `{ sigla, notes, text, line }`: the sigla before the first
 * `:`, annotation segments (opening with a macro) between, the rest is the text.
 */
export function parseReading(group) {
  const parts = splitColons(group.children);
  const sigla = rawText(parts[0])
    .split("/")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const rest = parts.slice(1);
  const notes = [];
  while (rest.length > 1 && isAnnotation(rest[0])) notes.push(rest.shift());
  const text = [];
  rest.forEach((segment, i) => {
    if (i > 0) text.push({ t: "text", v: ":", line: group.line });
    text.push(...segment);
  });
  return { sigla, notes, text, line: group.line, hasColon: parts.length > 1 };
}

/** The readings of a variant macro's argument group (blanks between readings skipped). */
export function parseVariant(name, group) {
  const readings = group.children.filter((n) => n.t === "group").map((g) => parseReading(g));
  return { name, line: group.line, readings, group };
}

/** The reading a witness follows in a variant (`*` is the base text): its own, or the base. */
export function readingOf(variant, siglum) {
  if (siglum === "*" || siglum === "base") return baseReading(variant);
  return variant.readings.find((r) => r.sigla.includes(siglum)) ?? baseReading(variant);
}

/** The base text's reading: the one marked `*`, or the first. */
export function baseReading(variant) {
  return variant.readings.find((r) => r.sigla.includes("*")) ?? variant.readings[0];
}

/** Visits every variant of the tree, depth first, in document order. */
export function collectVariants(nodes, out = []) {
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.t === "macro" && VARIANT_MACROS.has(n.name)) {
      let j = i + 1;
      while (j < nodes.length && isBlank(nodes[j])) j++;
      const arg = nodes[j];
      if (arg && arg.t === "group") {
        const variant = parseVariant(n.name, arg);
        out.push(variant);
        for (const r of variant.readings) collectVariants(r.text, out);
        i = j;
      }
    } else if (n.t === "group") collectVariants(n.children, out);
  }
  return out;
}

/** Sigla of every `\ElencoTestimoni{A/B/C}` (order kept, no duplicates). */
export function declaredSigla(nodes) {
  const found = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.t === "macro" && n.name === "ElencoTestimoni" && nodes[i + 1]?.t === "group") {
      for (const s of rawText(nodes[i + 1].children).split("/")) {
        const siglum = s.trim();
        if (siglum && !found.includes(siglum)) found.push(siglum);
      }
    } else if (n.t === "group") {
      for (const s of declaredSigla(n.children)) if (!found.includes(s)) found.push(s);
    }
  }
  return found;
}

/** The nodes between `\begin{document}` and `\end{document}` (all of them without). */
export function documentBody(nodes) {
  const isEnv = (i, macro) =>
    nodes[i]?.t === "macro" &&
    nodes[i].name === macro &&
    nodes[i + 1]?.t === "group" &&
    rawText(nodes[i + 1].children).trim() === "document";
  let start = 0;
  let end = nodes.length;
  for (let i = 0; i < nodes.length; i++) {
    if (isEnv(i, "begin") && start === 0) start = i + 2;
    else if (isEnv(i, "end")) {
      end = i;
      break;
    }
  }
  return nodes.slice(start, end);
}

/**
 * Analyses a source: `{ nodes, body, sigla, variants, errors, warnings }`. Errors and warnings
 * are the real compilers' (grammar.mjs), in the order they print them; warnings also say when a
 * variant has no base-text (`*`) reading.
 */
export function analyse(source) {
  const { nodes } = parseTree(source);
  const { errors, warnings } = grammarCheck(source);
  const sigla = declaredSigla(nodes);
  const variants = collectVariants(nodes);
  for (const v of variants) {
    if (v.readings.length > 0 && !v.readings.some((r) => r.sigla.includes("*"))) {
      warnings.push({ line: v.line, message: `\\${v.name} senza lezione del testo base (*)` });
    }
  }
  return { nodes, body: documentBody(nodes), sigla, variants, errors, warnings };
}
