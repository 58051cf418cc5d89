/**
 * How search compares text: case and accents folded, as the full-text index (SQLite FTS5,
 * unicode61 with `remove_diacritics 2`) does, so that "citta", "CITTA" and "Città" are one word
 * in names, in lines and in highlights alike.
 */

const COMBINING = /\p{M}/gu;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/** Whether a text is ASCII only (its folding is then a plain, character-wise lower case). */
export const isAscii = (text: string): boolean => ASCII.test(text);

/** The folded form of one character, or of a whole text: lower case, accents off. */
export function foldForSearch(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(COMBINING, "").toLowerCase().normalize("NFC");
}

/**
 * A text folded, with where each folded character came from: `origin[k]` is the index in
 * `text` of the character that gave folded character k (`origin[folded.length]` is
 * `text.length`), so a match in the folded text maps back to the original.
 */
export function foldWithOrigin(text: string): { folded: string; origin: number[] } {
  if (ASCII.test(text)) {
    const origin = Array.from({ length: text.length + 1 }, (_, i) => i);
    return { folded: text.toLowerCase(), origin };
  }
  let folded = "";
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const part = foldForSearch(ch);
    folded += part;
    for (let k = 0; k < part.length; k++) origin.push(at);
    at += ch.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

/** One found term: [start, end) in the original text. */
export interface FoldedRange {
  start: number;
  end: number;
}

/**
 * Where the terms occur in `text`, compared folded (or exactly, when `caseSensitive`), longer
 * terms first where two overlap, left to right, without overlaps.
 */
export function findFolded(
  text: string,
  terms: readonly string[],
  caseSensitive = false,
): FoldedRange[] {
  const words = [...new Set(terms.map((t) => t.trim()).filter((t) => t !== ""))];
  if (words.length === 0 || text === "") return [];
  const { folded, origin } = caseSensitive
    ? { folded: text, origin: Array.from({ length: text.length + 1 }, (_, i) => i) }
    : foldWithOrigin(text);
  const needles = words
    .map((w) => (caseSensitive ? w : foldForSearch(w)))
    .filter((w) => w !== "")
    .sort((a, b) => b.length - a.length);
  const ranges: FoldedRange[] = [];
  let k = 0;
  while (k < folded.length) {
    const needle = needles.find((n) => folded.startsWith(n, k));
    if (needle === undefined) {
      k++;
      continue;
    }
    const end = k + needle.length;
    // The end in the original: the start of the next folded character's source.
    const start = origin[k]!;
    const stop = end < origin.length - 1 ? origin[end]! : text.length;
    if (stop > start) ranges.push({ start, end: stop });
    k = end;
  }
  return ranges;
}
