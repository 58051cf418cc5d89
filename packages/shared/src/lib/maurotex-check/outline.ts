// The document's parts as the edition's macros define them (`\Title`, `\Capitolo`, `\Prop`…),
// and the sigla `\ElencoTestimoni` declares. Both read the tokens only, so they stay right
// while the text has errors.
import { OUTLINE_LEVELS } from "./macros.js";
import type { Tokens } from "./tokens.js";
import type { OutlineEntry, SiglumDeclaration } from "./types.js";

/** Arguments that never show in a title (folio marks, labels). */
const HIDDEN = new Set(["Folium", "label", "ref", "pageref", "UN", "LB"]);
const MAX_TITLE = 120;

function nameOf(text: string, t: Tokens, i: number): string {
  return text.charCodeAt(t.from[i]!) === 92 ? text.slice(t.from[i]! + 1, t.to[i]) : "";
}

/** The shown text of the group opening at `open` (a `{`), and the token after it. */
function groupText(text: string, t: Tokens, open: number): { title: string; end: number } {
  let depth = 0;
  let hideDepth = -1;
  let out = "";
  let i = open;
  for (; i < t.kind.length; i++) {
    const k = t.kind[i]!;
    if (k === "EOF") break;
    if (k === "{") {
      depth++;
      continue;
    }
    if (k === "}") {
      if (hideDepth === depth) hideDepth = -1;
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (hideDepth !== -1) continue;
    const name = nameOf(text, t, i);
    if (name !== "") {
      if (HIDDEN.has(name) && t.kind[i + 1] === "{") hideDepth = depth + 1;
      continue;
    }
    if (k === "SP" || k === "NL") out += " ";
    else out += text.slice(t.from[i], t.to[i]);
    if (out.length > MAX_TITLE * 2) break;
  }
  const title = out.replace(/\s+/g, " ").trim();
  return { title: title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title, end: i };
}

export function outlineOf(text: string, t: Tokens): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const n = t.kind.length;
  for (let i = 0; i < n; i++) {
    const k = t.kind[i]!;
    if (k !== "ONE" && k !== "TWO" && k !== "TITLE" && k !== "PROP") continue;
    const name = nameOf(text, t, i);
    const level = OUTLINE_LEVELS[name];
    if (level === undefined) continue;
    let title = "";
    if (t.kind[i + 1] === "{") {
      title = groupText(text, t, i + 1).title;
      if (k === "PROP") title = title ? `${name} ${title}` : "";
    }
    entries.push({ kind: name, title: title || name, level, line: t.line[i]!, from: t.from[i]! });
  }
  return entries;
}

export function siglaOf(text: string, t: Tokens): SiglumDeclaration[] {
  const found: SiglumDeclaration[] = [];
  const seen = new Set<string>();
  const n = t.kind.length;
  for (let i = 0; i < n; i++) {
    if (t.kind[i] !== "ELENCO" || t.kind[i + 1] !== "{") continue;
    for (let j = i + 2; j < n; j++) {
      const k = t.kind[j]!;
      if (k === "WORD") {
        const from = t.from[j]!;
        const siglum = text.slice(from, t.to[j]);
        if (siglum !== "*" && !seen.has(siglum)) {
          seen.add(siglum);
          const lineStart = text.lastIndexOf("\n", from - 1) + 1;
          found.push({
            siglum,
            line: t.line[j]!,
            column: from - lineStart + 1,
            from,
            to: t.to[j]!,
          });
        }
      } else if (k !== "/" && k !== "SP") break;
    }
  }
  return found;
}
