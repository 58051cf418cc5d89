/** A page's text as search sees it: its items one after another, and where each begins. */
export interface PageText {
  text: string;
  /** Offset in `text` of each item of the page's text content. */
  starts: number[];
  /** Where each item's own text ends (before the space added after a line's end). */
  ends: number[];
}

/** A part of a hit inside one text item (the text layer's span of that item). */
export interface HitSegment {
  item: number;
  start: number;
  end: number;
}

/** One occurrence of the searched text: its page (from 1) and offsets in the page's text. */
export interface Hit {
  page: number;
  start: number;
  end: number;
}

/**
 * The text of a page from its text content's items: an item that ends a line is followed by a
 * space, so words on two lines do not run together.
 */
export function pageText(items: readonly { str: string; hasEOL?: boolean }[]): PageText {
  const starts: number[] = [];
  const ends: number[] = [];
  let text = "";
  for (const item of items) {
    starts.push(text.length);
    text += item.str;
    ends.push(text.length);
    if (item.hasEOL && !text.endsWith(" ")) text += " ";
  }
  return { text, starts, ends };
}

/** Lower case, one character for one (so offsets stay those of the original). */
export function foldCase(text: string): string {
  let out = "";
  for (const c of text) {
    const lower = c.toLowerCase();
    out += lower.length === c.length ? lower : c;
  }
  return out;
}

/** Where `query` occurs in `text` (case ignored, runs of spaces match any space), in order. */
export function findAll(text: string, query: string): [number, number][] {
  const words = foldCase(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(escaped.join("\\s+"), "g");
  const hits: [number, number][] = [];
  const folded = foldCase(text);
  for (let m = pattern.exec(folded); m; m = pattern.exec(folded)) {
    hits.push([m.index, m.index + m[0].length]);
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return hits;
}

/** The parts of [start, end) of a page's text in each item it spans. */
export function segmentsOf(page: PageText, start: number, end: number): HitSegment[] {
  const out: HitSegment[] = [];
  page.starts.forEach((itemStart, item) => {
    const itemEnd = page.ends[item] ?? itemStart;
    const from = Math.max(start, itemStart);
    const to = Math.min(end, itemEnd);
    if (from < to) out.push({ item, start: from - itemStart, end: to - itemStart });
  });
  return out;
}

/** The index of the first hit at or after `page` (wrapping), for a search started there. */
export function firstHitFrom(hits: readonly Hit[], page: number): number {
  const at = hits.findIndex((h) => h.page >= page);
  return at < 0 ? 0 : at;
}
