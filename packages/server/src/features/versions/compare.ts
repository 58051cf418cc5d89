import type { DiffLine, ReadingChange } from "@scriptorium/shared";

/**
 * The diff of two texts. TEMPORARY stand-in until the shared diff engine (`diffTexts`) is
 * merged: the common head and tail of lines, the rest as removed then added lines.
 */
export function compareTexts(
  oldText: string,
  newText: string,
  _opts: { context?: number; maurotex?: boolean },
): { lines: DiffLine[]; readings: ReadingChange[] } {
  const a = oldText.split("\n");
  const b = newText.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const lines: DiffLine[] = [];
  for (let i = head; i < a.length - tail; i++)
    lines.push({
      kind: "removed",
      oldLine: i + 1,
      newLine: null,
      old: [{ text: a[i] ?? "", changed: true }],
      new: [],
    });
  for (let i = head; i < b.length - tail; i++)
    lines.push({
      kind: "added",
      oldLine: null,
      newLine: i + 1,
      old: [],
      new: [{ text: b[i] ?? "", changed: true }],
    });
  return { lines, readings: [] };
}
