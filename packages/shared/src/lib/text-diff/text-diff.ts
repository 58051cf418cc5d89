import type { DiffLine, ReadingChange } from "../../schemas/history.js";
import { diffReadings } from "./maurotex-readings.js";
import { DEL, diffSequences, INS, Interner, SAME, type EditOp } from "./sequence-diff.js";
import { diffWords, segmentsOf, type WordDiff } from "./word-diff.js";

export interface TextDiffOptions {
  /** Unchanged lines kept around each change (default 3); farther ones become `skip` rows. */
  context?: number;
  /** Also name the Mauro-TeX readings that changed (`\VV{{A/B:r}{C:s}}` and the like). */
  maurotex?: boolean;
}

export interface TextDiff {
  lines: DiffLine[];
  readings: ReadingChange[];
}

/** Below this share of common text, a removed and an added line are shown apart, not as one. */
const PAIR_SIMILARITY = 0.4;
/** A change of more lines than this is shown as removed lines then added ones, unpaired. */
const MAX_PAIRED_HUNK = 4000;

/** The lines of a text: `\n`, `\r\n` and `\r` end a line; a final line end adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * The difference of two texts as lines (`same`, `added`, `removed`, `changed` with the changed
 * words marked, `skip` for unchanged runs away from any change), 1-based line numbers; with
 * `maurotex`, the variants whose readings changed.
 */
export function diffTexts(oldText: string, newText: string, opts: TextDiffOptions = {}): TextDiff {
  const context = Math.max(0, Math.floor(opts.context ?? 3));
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const interner = new Interner();
  const ops = diffSequences(interner.idsOf(a), interner.idsOf(b));
  const lines = layout(a, b, ops, context);
  const readings = opts.maurotex ? diffReadings(oldText, newText) : [];
  return { lines, readings };
}

function sameLine(a: string[], i: number, j: number): DiffLine {
  const segments = segmentsOf(a[i] as string, false);
  return { kind: "same", oldLine: i + 1, newLine: j + 1, old: segments, new: segments };
}

function skipLine(i: number, j: number, count: number): DiffLine {
  return { kind: "skip", oldLine: i + 1, newLine: j + 1, old: [], new: [], count };
}

/** Walks the edit script: unchanged runs (trimmed to the context) and the changes between. */
function layout(a: string[], b: string[], ops: EditOp[], context: number): DiffLine[] {
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  let p = 0;
  let changedBefore = false;
  while (p < ops.length) {
    if (ops[p] === SAME) {
      let run = 0;
      while (p + run < ops.length && ops[p + run] === SAME) run++;
      const changedAfter = p + run < ops.length;
      const head = changedBefore ? Math.min(context, run) : 0;
      const tail = changedAfter ? Math.min(context, run - head) : 0;
      for (let k = 0; k < head; k++) out.push(sameLine(a, i + k, j + k));
      const skipped = run - head - tail;
      if (skipped > 0) out.push(skipLine(i + head, j + head, skipped));
      for (let k = run - tail; k < run; k++) out.push(sameLine(a, i + k, j + k));
      i += run;
      j += run;
      p += run;
      continue;
    }
    const removed: number[] = [];
    const added: number[] = [];
    while (p < ops.length && ops[p] !== SAME) {
      if (ops[p] === DEL) removed.push(i++);
      else if (ops[p] === INS) added.push(j++);
      p++;
    }
    pairHunk(a, b, removed, added, out);
    changedBefore = true;
  }
  return out;
}

/**
 * The removed and added lines of one change, in order: a removed line and an added one that
 * share enough text become one `changed` line; a line with no such partner stays on its side.
 */
function pairHunk(
  a: string[],
  b: string[],
  removed: number[],
  added: number[],
  out: DiffLine[],
): void {
  if (removed.length + added.length > MAX_PAIRED_HUNK) {
    for (const i of removed) out.push(removedLine(a, i));
    for (const j of added) out.push(addedLine(b, j));
    return;
  }
  const cache = new Map<string, WordDiff>();
  const words = (r: number, s: number): WordDiff => {
    const key = `${r}:${s}`;
    let found = cache.get(key);
    if (!found) {
      found = diffWords(a[removed[r] as number] as string, b[added[s] as number] as string);
      cache.set(key, found);
    }
    return found;
  };
  const similar = (r: number, s: number): boolean =>
    r < removed.length && s < added.length && words(r, s).similarity >= PAIR_SIMILARITY;
  let r = 0;
  let s = 0;
  while (r < removed.length || s < added.length) {
    if (similar(r, s)) {
      const w = words(r, s);
      out.push({
        kind: "changed",
        oldLine: (removed[r] as number) + 1,
        newLine: (added[s] as number) + 1,
        old: w.old,
        new: w.new,
      });
      r++;
      s++;
    } else if (s < added.length && (r >= removed.length || similar(r, s + 1))) {
      out.push(addedLine(b, added[s++] as number));
    } else if (r < removed.length) {
      out.push(removedLine(a, removed[r++] as number));
    } else {
      out.push(addedLine(b, added[s++] as number));
    }
  }
}

function addedLine(b: string[], j: number): DiffLine {
  return {
    kind: "added",
    oldLine: null,
    newLine: j + 1,
    old: [],
    new: segmentsOf(b[j] as string, false),
  };
}

function removedLine(a: string[], i: number): DiffLine {
  return {
    kind: "removed",
    oldLine: i + 1,
    newLine: null,
    old: segmentsOf(a[i] as string, false),
    new: [],
  };
}
