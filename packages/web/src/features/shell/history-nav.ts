/** Where the arrow keys are in the history: null while typing a new line. */
export interface HistoryCursor {
  index: number | null;
  /** What was typed before the walk began, given back past the newest entry. */
  draft: string;
}

export const FRESH_CURSOR: HistoryCursor = { index: null, draft: "" };

/**
 * One ArrowUp (-1) or ArrowDown (+1) through `history` (oldest first): the new cursor and the
 * line to show, or null when the key does nothing.
 */
export function stepHistory(
  history: readonly string[],
  cursor: HistoryCursor,
  direction: -1 | 1,
  typed: string,
): { cursor: HistoryCursor; line: string } | null {
  if (history.length === 0) return null;
  if (direction === -1) {
    if (cursor.index === 0) return null;
    const index = cursor.index === null ? history.length - 1 : cursor.index - 1;
    const draft = cursor.index === null ? typed : cursor.draft;
    return { cursor: { index, draft }, line: history[index] ?? "" };
  }
  if (cursor.index === null) return null;
  if (cursor.index >= history.length - 1) {
    return { cursor: FRESH_CURSOR, line: cursor.draft };
  }
  const index = cursor.index + 1;
  return { cursor: { index, draft: cursor.draft }, line: history[index] ?? "" };
}
