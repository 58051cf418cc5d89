import type { StoredRow } from "../../db/text-index.js";

/** One searchable piece of a text file: the row shape the text index stores. */
export type TextRow = StoredRow;

/** Extensions whose words are indexed (m2hv writes .htm). */
export const TEXT_EXTENSIONS = new Set([".tex", ".txt", ".md", ".htm", ".html"]);
/** Larger files are not read for words. */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

export function isIndexedText(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot > 0 && TEXT_EXTENSIONS.has(name.slice(dot).toLowerCase());
}

/** Macro names, braces and brackets out; runs of spaces to one. */
function cleanTex(text: string): string {
  return (
    text
      .replace(/\\[A-Za-z@]+\*?/g, " ")
      .replace(/\\(.)/g, "$1")
      .replace(/[{}[\]~]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      // What a macro like `\MARG:` leaves before its text.
      .replace(/^[:;,.]+\s*/, "")
  );
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function cleanHtml(line: string): string {
  return line
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e.startsWith("#x") || e.startsWith("#X"))
        return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The rows of a Mauro-TeX (LaTeX) text: macro names and braces removed, and each reading of
 * `\VV{{A/B:reading}{C:other}}` kept apart under its sigla, so that a word found in a variant
 * tells which witnesses carry it. A variant may run over several lines. `%` comments are rows of
 * their own (`comment`, found only by `comment:` queries); the first row of each line carries
 * that whole source line as `context`.
 */
export function texRows(source: string): TextRow[] {
  const pieces = new Map<string, { line: number; witnesses: string; text: string }>();
  const add = (line: number, witnesses: string, ch: string) => {
    const key = `${line}\n${witnesses}`;
    const piece = pieces.get(key);
    if (piece) piece.text += ch;
    else pieces.set(key, { line, witnesses, text: ch });
  };
  let line = 1;
  let i = 0;
  const n = source.length;
  const comments: TextRow[] = [];
  const skipComment = () => {
    const start = i;
    while (i < n && source[i] !== "\n") i++;
    // "%% TODO controllare": the words after the percent signs.
    const text = source.slice(start, i).replace(/^%+/, "").replace(/\s+/g, " ").trim();
    if (text !== "") comments.push({ line, witnesses: "", text, comment: true });
  };
  while (i < n) {
    const ch = source[i] ?? "";
    if (ch === "\\" && source.startsWith("\\VV{", i)) {
      i += 4;
      // Readings: `{sigla:content}` groups until the closing brace of \VV.
      for (;;) {
        while (i < n && /\s/.test(source[i] ?? "")) {
          if (source[i] === "\n") line++;
          i++;
        }
        if (source[i] !== "{") break;
        i++;
        const colon = source.indexOf(":", i);
        const close = source.indexOf("}", i);
        let sigla = "";
        if (colon >= 0 && (close < 0 || colon < close) && !source.slice(i, colon).includes("\n")) {
          sigla = source.slice(i, colon).trim();
          i = colon + 1;
        }
        let depth = 1;
        while (i < n && depth > 0) {
          const c = source[i] ?? "";
          if (c === "\\" && i + 1 < n) {
            add(line, sigla, c + (source[i + 1] ?? ""));
            i += 2;
            continue;
          }
          if (c === "%") {
            skipComment();
            continue;
          }
          if (c === "{") depth++;
          else if (c === "}") depth--;
          if (depth === 0) break;
          if (c === "\n") {
            line++;
            add(line, sigla, " ");
          } else add(line, sigla, c);
          i++;
        }
        i++;
      }
      if (source[i] === "}") i++;
      add(line, "", " ");
      continue;
    }
    if (ch === "\\" && i + 1 < n) {
      add(line, "", ch + (source[i + 1] ?? ""));
      i += 2;
      continue;
    }
    if (ch === "%") {
      skipComment();
      continue;
    }
    if (ch === "\n") line++;
    else add(line, "", ch);
    i++;
  }
  const rows: TextRow[] = [];
  for (const piece of pieces.values()) {
    const text = cleanTex(piece.text);
    if (text !== "") rows.push({ line: piece.line, witnesses: piece.witnesses, text });
  }
  rows.push(...comments);
  // Each line's source once, on its first row (the index keeps one per line for all its rows).
  const lines = source.split("\n");
  const given = new Set<number>();
  for (const row of rows) {
    if (given.has(row.line)) continue;
    given.add(row.line);
    row.context = (lines[row.line - 1] ?? "").trim();
  }
  return rows;
}

/** The rows of a file by its name: Mauro-TeX, HTML with tags out, or plain lines. */
export function textRows(name: string, source: string): TextRow[] {
  const ext = name.slice(name.lastIndexOf(".")).toLowerCase();
  if (ext === ".tex") return texRows(source);
  const clean = ext === ".htm" || ext === ".html" ? cleanHtml : (l: string) => l.trim();
  const rows: TextRow[] = [];
  source.split("\n").forEach((raw, index) => {
    const text = clean(raw);
    if (text !== "") rows.push({ line: index + 1, witnesses: "", text });
  });
  return rows;
}
