/** The shape of the listing the keys move in: one column in the list view, more in mosaics. */
export interface KeyGrid {
  count: number;
  columns: number;
  /** Rows that fit on screen: PageUp and PageDown move by that much. */
  pageRows: number;
  rtl: boolean;
}

/**
 * Where a navigation key takes the keyboard from `index` (-1: nowhere yet), or null when the
 * key does not move. Arrows go by one item sideways and by one row up and down (Left and Right
 * swap in right-to-left pages, and do nothing in a one-column list); Home and End go to the
 * ends; PageUp and PageDown by a screenful of rows. Moves stop at the ends.
 */
export function keyTarget(key: string, index: number, grid: KeyGrid): number | null {
  const { count, columns, pageRows, rtl } = grid;
  if (count === 0) return null;
  const last = count - 1;
  const clamp = (i: number) => Math.max(0, Math.min(last, i));
  const sideways = (step: number) => (columns > 1 ? clamp(index + (rtl ? -step : step)) : null);
  const moves: Record<string, () => number | null> = {
    ArrowDown: () => clamp(index + columns),
    ArrowUp: () => clamp(index - columns),
    ArrowRight: () => sideways(1),
    ArrowLeft: () => sideways(-1),
    Home: () => 0,
    End: () => last,
    PageDown: () => clamp(index + Math.max(1, pageRows) * columns),
    PageUp: () => clamp(index - Math.max(1, pageRows) * columns),
  };
  const move = moves[key];
  if (!move) return null;
  if (index < 0) return key === "End" ? last : 0;
  return move();
}

/**
 * Type-ahead: the first name after `from` that starts with `typed` (case and accents folded
 * the way the locale compares them), wrapping around. A letter typed again and again cycles
 * through the names starting with it; a longer prefix stays on the current item while it
 * still matches. Returns -1 when nothing matches.
 */
export function typeAheadIndex(names: readonly string[], from: number, typed: string): number {
  if (typed === "" || names.length === 0) return -1;
  const repeated = [...typed].every((ch) => ch === typed[0]);
  const query = repeated ? (typed[0] as string) : typed;
  const collator = new Intl.Collator(undefined, { sensitivity: "base" });
  const matches = (name: string) =>
    name.length >= query.length && collator.compare(name.slice(0, query.length), query) === 0;
  const start = repeated ? from + 1 : Math.max(from, 0);
  for (let k = 0; k < names.length; k++) {
    const i = (start + k) % names.length;
    if (matches(names[i] as string)) return i;
  }
  return -1;
}
