import {
  SynctexFormatError,
  toPoints,
  type SynctexHeader,
  type SynctexRecord,
  type SynctexVisitor,
} from "./reader.js";

/** A source place as SyncTeX names it: the `Input` tag and the line. */
export interface SynctexPlace {
  tag: number;
  line: number;
}

/** A rectangle of a page in PDF points from the page's top left. */
export interface SynctexRect {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Records kept of one page (a dense page of a book holds some thousands). */
const MAX_PAGE_RECORDS = 500_000;
/** Places kept for one line (a line set many times over, in a loop, is cut there). */
const MAX_LINE_RECORDS = 10_000;
/** Boxes answered for one line. */
const MAX_BOXES = 20;
/** The height given to a place that no horizontal box holds (a bare node): about a line. */
const BARE_HEIGHT_SP = 655_360;

/** How much farther (points) a node other than glue, kern or math may be and still win. */
const WEAK_PENALTY = 20;

const isHorizontal = (r: SynctexRecord) => r.kind === "hbox" || r.kind === "void-hbox";
const isBox = (r: SynctexRecord) => r.kind === "hbox" || r.kind === "vbox";

interface Kept {
  record: SynctexRecord;
  /** Index of the innermost box holding it, -1 for none. */
  parent: number;
}

/**
 * Backward search (from a point of a page to a source line): feed it the whole file as a
 * visitor, then ask `find`. Only the asked page's records are kept.
 */
export class BackwardSearch implements SynctexVisitor {
  private readonly kept: Kept[] = [];
  private readonly boxIndex = new Map<SynctexRecord, number>();

  constructor(readonly wanted: number) {}

  record(page: number, record: SynctexRecord, boxes: readonly SynctexRecord[]): void {
    if (page !== this.wanted) return;
    if (this.kept.length >= MAX_PAGE_RECORDS) throw new SynctexFormatError("A page is too large");
    const holder = boxes[boxes.length - 1];
    const parent = holder === undefined ? -1 : (this.boxIndex.get(holder) ?? -1);
    if (isBox(record)) this.boxIndex.set(record, this.kept.length);
    this.kept.push({ record, parent });
  }

  /**
   * The source place at (x, y) (PDF points from the page's top left): the node nearest before
   * the point in the line (horizontal box) that holds it, else in the nearest line; only tags
   * `accept` takes (the files that may be named).
   */
  find(header: SynctexHeader, x: number, y: number, accept: (tag: number) => boolean) {
    const pt = toPoints(header);
    const rect = (r: SynctexRecord) => ({
      left: pt.x(r.x),
      right: pt.x(r.x) + pt.length(r.width),
      top: pt.y(r.y) - pt.length(r.height),
      bottom: pt.y(r.y) + pt.length(r.depth),
    });
    const distance = (r: SynctexRecord) => {
      const b = rect(r);
      const dx = Math.max(b.left - x, 0, x - b.right);
      const dy = Math.max(b.top - y, 0, y - b.bottom);
      return Math.hypot(dx, dy);
    };
    const area = (r: SynctexRecord) => Math.abs(r.width) * Math.abs(r.height + r.depth);
    // Lines nearest first; of the lines holding the point, the smallest (the innermost).
    const lines = this.kept
      .map((k, index) => ({ index, record: k.record }))
      .filter((k) => isHorizontal(k.record))
      .map((k) => ({ ...k, distance: distance(k.record), area: area(k.record) }))
      .sort((a, b) => a.distance - b.distance || a.area - b.area);
    for (const candidate of lines) {
      const place = this.inLine(candidate.index, x, pt.x, accept);
      if (place) return place;
    }
    // No line names an accepted file: the nearest node that does.
    let best: { place: SynctexPlace; distance: number } | undefined;
    for (const { record } of this.kept) {
      if (!accept(record.tag)) continue;
      const d = distance(record);
      if (!best || d < best.distance) best = { place: placeOf(record), distance: d };
    }
    return best?.place;
  }

  /**
   * In the line at `index`: the nearest accepted glue, kern or math node (TeX records them where
   * a word ends, with the line the word was read on) before other nodes close by, one after the
   * point preferred (the end of the word under it); else the line itself.
   */
  private inLine(
    index: number,
    x: number,
    toX: (sp: number) => number,
    accept: (tag: number) => boolean,
  ): SynctexPlace | undefined {
    let best: { record: SynctexRecord; score: number } | undefined;
    for (const k of this.kept) {
      const { record } = k;
      if (k.parent !== index || record.kind === "vbox" || !accept(record.tag)) continue;
      const at = toX(record.x);
      const strong = record.kind === "glue" || record.kind === "kern" || record.kind === "math";
      const score = (at >= x ? at - x : (x - at) * 1.5) + (strong ? 0 : WEAK_PENALTY);
      if (!best || score < best.score) best = { record, score };
    }
    if (best) return placeOf(best.record);
    const line = this.kept[index]?.record;
    return line && accept(line.tag) ? placeOf(line) : undefined;
  }
}

const placeOf = (r: SynctexRecord): SynctexPlace => ({ tag: r.tag, line: r.line });

interface LinePlace {
  page: number;
  record: SynctexRecord;
  /** The horizontal box holding it (its line of text), if any. */
  line: SynctexRecord | undefined;
}

/**
 * Forward search (from a source line to places in the PDF): feed it the whole file, then ask
 * `boxes`. Keeps only the nodes of the nearest line at or before `line` of the wanted tags.
 */
export class ForwardSearch implements SynctexVisitor {
  /** The line whose places are kept: `line` itself, or the nearest before it met so far. */
  found = 0;
  private kept: LinePlace[] = [];

  constructor(
    private readonly wants: (tag: number) => boolean,
    readonly line: number,
  ) {}

  record(page: number, record: SynctexRecord, boxes: readonly SynctexRecord[]): void {
    // Boxes carry the line where TeX closed them (often the next one): nodes say where text is.
    if (isBox(record) || record.line > this.line || record.line < this.found) return;
    if (!this.wants(record.tag)) return;
    if (record.line > this.found) {
      this.found = record.line;
      this.kept = [];
    }
    if (this.kept.length >= MAX_LINE_RECORDS) return;
    let line: SynctexRecord | undefined;
    for (let i = boxes.length - 1; i >= 0 && !line; i--) {
      const box = boxes[i] as SynctexRecord;
      if (box.kind === "hbox") line = box;
    }
    this.kept.push({ page, record, line });
  }

  /** The places of the line found, in the order of the document, one per line of text. */
  boxes(header: SynctexHeader): SynctexRect[] {
    const pt = toPoints(header);
    const seen = new Set<SynctexRecord>();
    const out: SynctexRect[] = [];
    for (const { page, record, line } of this.kept) {
      if (out.length >= MAX_BOXES) break;
      const r = line ?? record;
      if (seen.has(r)) continue;
      seen.add(r);
      const height = line ? r.height + r.depth : Math.max(r.height + r.depth, BARE_HEIGHT_SP);
      const top = line ? r.y - r.height : r.y - Math.max(r.height, BARE_HEIGHT_SP);
      out.push({
        page,
        x: pt.x(r.x),
        y: pt.y(top),
        width: pt.length(Math.max(r.width, 0)),
        height: pt.length(height),
      });
    }
    return out;
  }
}
