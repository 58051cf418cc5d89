/**
 * Paired figures: ours and its baseline measured in alternating rounds (ours, baseline, ours,
 * baseline…), both sides up at once where they are servers, so a change of the machine's load
 * falls on both. Each round gives one ratio; the row reports the median of those ratios, judges
 * its goal on that median, and prints the spread (the smallest and largest round's ratio) beside
 * it, so two runs can be compared by more than one number.
 */
import { median, round2, RUNS } from "./common.ts";

export interface Paired {
  /** Median of our rounds' measurements. */
  ours: number;
  /** Median of the baseline's rounds' measurements. */
  baseline: number;
  /** Median of the per-round ratios, rounded to 2 decimals. */
  ratio: number;
  /** The smallest and largest per-round ratio, rounded to 2 decimals. */
  spread: [number, number];
  oursRounds: number[];
  baselineRounds: number[];
}

export interface PairedOptions {
  /** Timed rounds (default BENCH_RUNS, 3). */
  rounds?: number;
  /** One untimed run of each side first (default true). */
  warmUp?: boolean;
  /** How one round's two measurements make its ratio, as the goal reads (default ours ÷ baseline). */
  ratioOf?: (ours: number, baseline: number) => number;
}

/** The per-round ratios' median and spread, with each side's median. */
export function pairRounds(
  oursRounds: number[],
  baselineRounds: number[],
  ratioOf: (ours: number, baseline: number) => number = (o, b) => o / b,
): Paired {
  if (oursRounds.length === 0 || oursRounds.length !== baselineRounds.length) {
    throw new Error("paired rounds need as many baseline measurements as ours, at least one");
  }
  const ratios = oursRounds.map((o, i) => ratioOf(o, baselineRounds[i]!));
  return {
    ours: median(oursRounds),
    baseline: median(baselineRounds),
    ratio: round2(median(ratios)),
    spread: [round2(Math.min(...ratios)), round2(Math.max(...ratios))],
    oursRounds,
    baselineRounds,
  };
}

/**
 * Measures `ours` and `baseline` in alternating rounds; each returns its measurement (a time in
 * ms, a rate, a size: the caller's unit). The side that goes first alternates too, so neither is
 * always the one that follows the other's writes or warms the other's caches.
 */
export async function paired(
  ours: () => Promise<number>,
  baseline: () => Promise<number>,
  options: PairedOptions = {},
): Promise<Paired> {
  const rounds = options.rounds ?? RUNS;
  if (options.warmUp ?? true) {
    await ours();
    await baseline();
  }
  const o: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      o.push(await ours());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      o.push(await ours());
    }
  }
  return pairRounds(o, b, options.ratioOf);
}

/** Times one call of `fn`, in ms. */
export async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** "1.06× (0.98–1.12)": a paired row's ratio with its spread. */
export function fmtRatio(ratio: number | null, spread?: readonly [number, number] | null): string {
  if (ratio === null) return "—";
  return spread
    ? `${ratio.toFixed(2)}× (${spread[0].toFixed(2)}–${spread[1].toFixed(2)})`
    : `${ratio.toFixed(2)}×`;
}
