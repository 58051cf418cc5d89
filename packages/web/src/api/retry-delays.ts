/** The first retry waits this long; later ones double from 1 s (SPEC.md §7, §9). */
const FIRST_DELAY_MS = 0;
const SECOND_DELAY_MS = 1000;
const MAX_DELAY_MS = 20_000;

/**
 * The tus-js-client `retryDelays` for `retryCount` retries: 0, then 1000 ms doubling, capped at
 * 20,000 ms — [0, 1000, 2000, 4000, 8000] for the default of 5. A count below 1 means no
 * retries.
 */
export function retryDelays(retryCount: number): number[] {
  const count = Number.isFinite(retryCount) ? Math.floor(retryCount) : 0;
  const delays: number[] = [];
  for (let i = 0; i < count; i++) {
    delays.push(i === 0 ? FIRST_DELAY_MS : Math.min(SECOND_DELAY_MS * 2 ** (i - 1), MAX_DELAY_MS));
  }
  return delays;
}
