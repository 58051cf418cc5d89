/**
 * A reader of SyncTeX's text format (what `pdflatex -synctex=1` writes, gzipped, beside the
 * PDF), fed one line at a time so that a caller can stream it and keep only what it needs.
 *
 * The format: a preamble (`SyncTeX Version:1`, `Input:TAG:PATH`, `Output:pdf`,
 * `Magnification:M`, `Unit:U`, `X Offset:N`, `Y Offset:N`), then `Content:` with one
 * `{PAGE` … `}PAGE` section per sheet, holding boxes and nodes:
 * `[` vertical and `(` horizontal boxes (`TAG,LINE:X,Y:W,H,D`, closed by `]` and `)`),
 * `v`/`h` void boxes (same fields), `k` kerns (`TAG,LINE:X,Y:W`), `g` glue, `$` math and `x`
 * current positions (`TAG,LINE:X,Y`). `Input:` lines may appear between pages too; `!N` lines
 * (byte counts) and the postamble are skipped. Coordinates are TeX's scaled points from the
 * page's top left, y downwards (a box's y is its baseline).
 */

export type SynctexKind =
  "vbox" | "hbox" | "void-vbox" | "void-hbox" | "kern" | "glue" | "math" | "current";

/** One box or node as written (scaled points, not yet converted). */
export interface SynctexRecord {
  kind: SynctexKind;
  tag: number;
  line: number;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
}

/** The preamble's numbers (`Unit` and offsets in TeX's scaled points). */
export interface SynctexHeader {
  magnification: number;
  unit: number;
  xOffset: number;
  yOffset: number;
}

/** What the reader hands on as it goes. */
export interface SynctexVisitor {
  /** An `Input:TAG:PATH` line. */
  input?(tag: number, path: string): void;
  /** A page begins (its number, from 1). */
  page?(page: number): void;
  /**
   * A box or node of `page`; `boxes` are the boxes that hold it, innermost last (the array is
   * the reader's own: copy what is kept).
   */
  record?(page: number, record: SynctexRecord, boxes: readonly SynctexRecord[]): void;
}

/** The text is not SyncTeX (or is damaged). */
export class SynctexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SynctexFormatError";
  }
}

/** A line longer than this is not SyncTeX: the reader refuses it rather than hold it. */
export const SYNCTEX_MAX_LINE = 64 * 1024;
/** Boxes nested deeper than this are refused. */
const MAX_DEPTH = 10_000;
/** More input files than this are refused (a book reads some hundreds). */
export const SYNCTEX_MAX_INPUTS = 100_000;

const KINDS: Record<string, SynctexKind> = {
  "[": "vbox",
  "(": "hbox",
  v: "void-vbox",
  h: "void-hbox",
  k: "kern",
  g: "glue",
  $: "math",
  x: "current",
};

/** `TAG,LINE[,COLUMN]:X,Y[:W[,H,D]]` after the kind character; undefined when malformed. */
const RECORD = /^(\d+),(-?\d+)(?:,-?\d+)?:(-?\d+),(-?\d+)(?::(-?\d+)(?:,(-?\d+),(-?\d+))?)?$/;

function parseRecord(kind: SynctexKind, rest: string): SynctexRecord | undefined {
  const m = RECORD.exec(rest);
  if (!m) return undefined;
  const n = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  return {
    kind,
    tag: n(1),
    line: n(2),
    x: n(3),
    y: n(4),
    width: n(5),
    height: n(6),
    depth: n(7),
  };
}

const HEADER_KEYS: Record<string, keyof SynctexHeader> = {
  Magnification: "magnification",
  Unit: "unit",
  "X Offset": "xOffset",
  "Y Offset": "yOffset",
};

/** Reads SyncTeX text line by line (`line`, then `end`). */
export class SynctexReader {
  readonly header: SynctexHeader = { magnification: 1000, unit: 1, xOffset: 0, yOffset: 0 };
  private page = 0;
  private readonly boxes: SynctexRecord[] = [];
  private started = false;
  private lines = 0;
  private inputs = 0;

  constructor(private readonly visitor: SynctexVisitor) {}

  /** One line of the file, without its line feed. */
  line(text: string): void {
    if (text.length > SYNCTEX_MAX_LINE) throw new SynctexFormatError("A line is too long");
    this.lines++;
    if (!this.started) {
      if (text.trim() === "") return;
      if (!text.startsWith("SyncTeX Version:")) throw new SynctexFormatError("Not SyncTeX data");
      this.started = true;
      return;
    }
    const first = text.charAt(0);
    const kind = KINDS[first];
    if (kind !== undefined && this.page > 0) return this.record(kind, text.slice(1));
    if (first === "]" || first === ")") {
      this.boxes.pop();
      return;
    }
    if (first === "{") return this.openPage(text.slice(1));
    if (first === "}") {
      this.page = 0;
      this.boxes.length = 0;
      return;
    }
    if (text.startsWith("Input:")) return this.input(text.slice(6));
    const colon = text.indexOf(":");
    const key = colon > 0 ? HEADER_KEYS[text.slice(0, colon)] : undefined;
    if (key !== undefined) {
      const value = Number(text.slice(colon + 1));
      if (!Number.isFinite(value)) throw new SynctexFormatError(`Bad ${text.slice(0, colon)}`);
      this.header[key] = value;
    }
    // Anything else (`!N`, `Output:`, `Content:`, the postamble, form references) is skipped.
  }

  /** The end of the file: the header as finally set (a post scriptum may change it). */
  end(): SynctexHeader {
    if (!this.started) throw new SynctexFormatError("Not SyncTeX data");
    if (this.header.magnification <= 0 || this.header.unit <= 0)
      throw new SynctexFormatError("Bad magnification or unit");
    return this.header;
  }

  private openPage(rest: string): void {
    const page = Number(rest);
    if (!Number.isInteger(page) || page < 1) throw new SynctexFormatError("Bad page number");
    this.page = page;
    this.boxes.length = 0;
    this.visitor.page?.(page);
  }

  private input(rest: string): void {
    const colon = rest.indexOf(":");
    const tag = Number(rest.slice(0, colon));
    if (colon < 1 || !Number.isInteger(tag) || tag < 0)
      throw new SynctexFormatError("Bad Input line");
    if (++this.inputs > SYNCTEX_MAX_INPUTS) throw new SynctexFormatError("Too many input files");
    this.visitor.input?.(tag, rest.slice(colon + 1));
  }

  private record(kind: SynctexKind, rest: string): void {
    const record = parseRecord(kind, rest);
    if (record === undefined) throw new SynctexFormatError(`Bad record at line ${this.lines}`);
    this.visitor.record?.(this.page, record, this.boxes);
    if (kind === "vbox" || kind === "hbox") {
      if (this.boxes.length >= MAX_DEPTH) throw new SynctexFormatError("Boxes nested too deep");
      this.boxes.push(record);
    }
  }
}

/** Converts scaled points of a record to PDF points (big points, 1/72 in). */
export function toPoints(header: SynctexHeader) {
  const scale = (header.unit * header.magnification) / 1000 / 65781.76;
  return {
    x: (sp: number) => sp * scale + (header.xOffset * header.unit) / 65781.76,
    y: (sp: number) => sp * scale + (header.yOffset * header.unit) / 65781.76,
    length: (sp: number) => sp * scale,
  };
}
