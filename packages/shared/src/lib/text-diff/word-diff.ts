import type { DiffSegment } from "../../schemas/history.js";
import { DEL, diffSequences, INS, Interner, SAME } from "./sequence-diff.js";

/**
 * Tokens of a line: TeX macros (`\VV`, `\'`), words (letters of any script with their accents,
 * digits), runs of blanks, and every other character alone (braces, punctuation, `$`).
 */
const TOKEN = /\\[A-Za-z@]+\*?|\\[\s\S]|[\p{L}\p{M}\p{N}_]+|\s+|[\s\S]/gu;

export function tokenize(line: string): string[] {
  return line.match(TOKEN) ?? [];
}

/** A line's two sides with the changed words marked, and how much of them is shared (0 … 1). */
export interface WordDiff {
  old: DiffSegment[];
  new: DiffSegment[];
  similarity: number;
}

/** Longest line (characters) compared word by word; longer ones are marked changed whole. */
const MAX_WORD_DIFF_CHARS = 20_000;

export function diffWords(oldLine: string, newLine: string): WordDiff {
  if (oldLine.length + newLine.length > MAX_WORD_DIFF_CHARS) {
    return {
      old: segmentsOf(oldLine, true),
      new: segmentsOf(newLine, true),
      similarity: 0,
    };
  }
  const a = tokenize(oldLine);
  const b = tokenize(newLine);
  const interner = new Interner();
  const ops = diffSequences(interner.idsOf(a), interner.idsOf(b));
  const oldMarks: boolean[] = [];
  const newMarks: boolean[] = [];
  let shared = 0;
  let i = 0;
  for (const op of ops) {
    if (op === SAME) {
      shared += (a[i] as string).length;
      oldMarks.push(false);
      newMarks.push(false);
      i++;
    } else if (op === DEL) {
      oldMarks.push(true);
      i++;
    } else if (op === INS) {
      newMarks.push(true);
    }
  }
  const total = oldLine.length + newLine.length;
  return {
    old: joinTokens(a, bridgeBlanks(a, oldMarks)),
    new: joinTokens(b, bridgeBlanks(b, newMarks)),
    similarity: total === 0 ? 1 : (2 * shared) / total,
  };
}

/** A blank between two changed tokens is shown changed too: `‹dicturus sim›`, not two marks. */
function bridgeBlanks(tokens: string[], marks: boolean[]): boolean[] {
  for (let k = 1; k < tokens.length - 1; k++) {
    if (!marks[k] && marks[k - 1] && marks[k + 1] && /^\s+$/.test(tokens[k] as string))
      marks[k] = true;
  }
  return marks;
}

function joinTokens(tokens: string[], marks: boolean[]): DiffSegment[] {
  const segments: DiffSegment[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const changed = marks[k] ?? false;
    const last = segments[segments.length - 1];
    if (last && last.changed === changed) last.text += tokens[k] as string;
    else segments.push({ text: tokens[k] as string, changed });
  }
  return segments;
}

/** A whole line as one segment (none for an empty line). */
export function segmentsOf(text: string, changed: boolean): DiffSegment[] {
  return text === "" ? [] : [{ text, changed }];
}
