/** What retention knows of a version. */
export interface Retained {
  id: string;
  /** Unix ms: when it was made. */
  madeAt: number;
  size: number;
  label: string | null;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** The width of the slot a version of this age falls in (0: every version kept). */
export function slotWidth(age: number): number {
  if (age < MINUTE) return 0;
  if (age < HOUR) return MINUTE;
  if (age < DAY) return HOUR;
  if (age < 30 * DAY) return DAY;
  return WEEK;
}

/**
 * Nextcloud's thinning of one file's versions: every version of the last minute, then one per
 * minute for an hour, one per hour for a day, one per day for 30 days, one per week after (the
 * newest of each slot stays). Labelled versions are never dropped. Returns the ids to drop.
 */
export function thinned(versions: readonly Retained[], now: number): string[] {
  const seen = new Set<string>();
  const drop: string[] = [];
  for (const v of [...versions].sort((a, b) => b.madeAt - a.madeAt)) {
    if (v.label !== null) continue;
    const width = slotWidth(Math.max(0, now - v.madeAt));
    if (width === 0) continue;
    const slot = `${width}:${Math.floor(v.madeAt / width)}`;
    if (seen.has(slot)) drop.push(v.id);
    else seen.add(slot);
  }
  return drop;
}

/** Unlabelled versions older than `maxAgeDays` (0: no limit). */
export function tooOld(versions: readonly Retained[], now: number, maxAgeDays: number): string[] {
  if (maxAgeDays <= 0) return [];
  const before = now - maxAgeDays * DAY;
  return versions.filter((v) => v.label === null && v.madeAt < before).map((v) => v.id);
}

/**
 * The oldest unlabelled versions to drop so that the rest hold at most `limitBytes` (their
 * contents' sizes). Labelled ones count but stay.
 */
export function overLimit(versions: readonly Retained[], limitBytes: number): string[] {
  let total = versions.reduce((sum, v) => sum + v.size, 0);
  const drop: string[] = [];
  for (const v of [...versions].sort((a, b) => a.madeAt - b.madeAt)) {
    if (total <= limitBytes) break;
    if (v.label !== null) continue;
    drop.push(v.id);
    total -= v.size;
  }
  return drop;
}
