/**
 * The difference of two sequences of numbers (lines or words, each replaced by a number that
 * stands for its text): Myers' O(ND) algorithm, bounded. Common prefix and suffix are taken off
 * first; when the edit distance is larger than the bound, the unique elements common to both
 * sides (patience anchors) split the problem, and a part without any anchor is answered coarsely
 * (all removed, all added) rather than with quadratic time or memory.
 */

/** One step of an edit script: an element on both sides, only on the old, only on the new. */
export const SAME = 0;
export const DEL = 1;
export const INS = 2;
export type EditOp = typeof SAME | typeof DEL | typeof INS;

/** Work (cells of the edit graph) one Myers run may visit before the bound applies. */
const WORK_BUDGET = 40_000_000;
/** Largest edit distance searched by Myers (its trace takes about D² numbers). */
const MAX_D = 2000;

/** The edit script turning `a` into `b`, in order. */
export function diffSequences(a: ArrayLike<number>, b: ArrayLike<number>): EditOp[] {
  const out: EditOp[] = [];
  diffRange(a, 0, a.length, b, 0, b.length, out);
  return out;
}

function push(out: EditOp[], op: EditOp, count: number): void {
  for (let i = 0; i < count; i++) out.push(op);
}

function diffRange(
  a: ArrayLike<number>,
  aStart: number,
  aEnd: number,
  b: ArrayLike<number>,
  bStart: number,
  bEnd: number,
  out: EditOp[],
): void {
  let prefix = 0;
  while (
    aStart + prefix < aEnd &&
    bStart + prefix < bEnd &&
    a[aStart + prefix] === b[bStart + prefix]
  )
    prefix++;
  aStart += prefix;
  bStart += prefix;
  let suffix = 0;
  while (
    aEnd - suffix > aStart &&
    bEnd - suffix > bStart &&
    a[aEnd - suffix - 1] === b[bEnd - suffix - 1]
  )
    suffix++;
  aEnd -= suffix;
  bEnd -= suffix;
  push(out, SAME, prefix);
  const n = aEnd - aStart;
  const m = bEnd - bStart;
  if (n === 0 || m === 0) {
    push(out, DEL, n);
    push(out, INS, m);
  } else {
    const limit = Math.min(n + m, MAX_D, Math.max(200, Math.floor(WORK_BUDGET / (n + m))));
    const script = myers(a, aStart, n, b, bStart, m, limit);
    if (script) for (const op of script) out.push(op);
    else patience(a, aStart, aEnd, b, bStart, bEnd, out);
  }
  push(out, SAME, suffix);
}

/** Myers' greedy forward search with its trace; null when the distance exceeds `limit`. */
function myers(
  a: ArrayLike<number>,
  aOff: number,
  n: number,
  b: ArrayLike<number>,
  bOff: number,
  m: number,
  limit: number,
): EditOp[] | null {
  const off = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    // The state before step d, for diagonals -d-1 … d+1 (index k + d + 1).
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0)))
        x = v[off + k + 1] ?? 0;
      else x = (v[off + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[aOff + x] === b[bOff + y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], dist: number, n: number, m: number): EditOp[] {
  const reversed: EditOp[] = [];
  let x = n;
  let y = m;
  for (let d = dist; d > 0; d--) {
    const state = trace[d] as Int32Array;
    const at = (k: number): number => state[k + d + 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const startX = down ? prevX : prevX + 1;
    push(reversed, SAME, x - startX);
    reversed.push(down ? INS : DEL);
    x = prevX;
    y = prevX - prevK;
  }
  push(reversed, SAME, x);
  return reversed.reverse();
}

/** Splits at the elements found exactly once on each side, in the longest increasing order. */
function patience(
  a: ArrayLike<number>,
  aStart: number,
  aEnd: number,
  b: ArrayLike<number>,
  bStart: number,
  bEnd: number,
  out: EditOp[],
): void {
  const counts = new Map<number, [number, number, number]>(); // value → [countA, countB, indexB]
  for (let i = aStart; i < aEnd; i++) {
    const key = a[i] as number;
    const entry = counts.get(key);
    if (entry) entry[0]++;
    else counts.set(key, [1, 0, -1]);
  }
  for (let j = bStart; j < bEnd; j++) {
    const entry = counts.get(b[j] as number);
    if (entry) {
      entry[1]++;
      entry[2] = j;
    }
  }
  const pairs: [number, number][] = [];
  for (let i = aStart; i < aEnd; i++) {
    const entry = counts.get(a[i] as number);
    if (entry && entry[0] === 1 && entry[1] === 1) pairs.push([i, entry[2]]);
  }
  const anchors = longestIncreasing(pairs);
  if (anchors.length === 0) {
    push(out, DEL, aEnd - aStart);
    push(out, INS, bEnd - bStart);
    return;
  }
  let i = aStart;
  let j = bStart;
  for (const [ai, bj] of anchors) {
    diffRange(a, i, ai, b, j, bj, out);
    out.push(SAME);
    i = ai + 1;
    j = bj + 1;
  }
  diffRange(a, i, aEnd, b, j, bEnd, out);
}

/** The longest run of pairs (already ordered by their first index) increasing by the second. */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tails: number[] = []; // index into pairs of the smallest tail of each length
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let p = 0; p < pairs.length; p++) {
    const value = (pairs[p] as [number, number])[1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tails[mid] as number] as [number, number])[1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[p] = tails[lo - 1] as number;
    tails[lo] = p;
  }
  const result: [number, number][] = [];
  let p = tails.length > 0 ? (tails[tails.length - 1] as number) : -1;
  while (p >= 0) {
    result.push(pairs[p] as [number, number]);
    p = previous[p] as number;
  }
  return result.reverse();
}

/** Numbers for strings: equal strings get equal numbers (one table for both sides). */
export class Interner {
  private readonly ids = new Map<string, number>();
  idsOf(items: readonly string[]): Int32Array {
    const result = new Int32Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as string;
      let id = this.ids.get(item);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(item, id);
      }
      result[i] = id;
    }
    return result;
  }
}
