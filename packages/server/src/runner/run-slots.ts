import { AppError } from "../errors.js";

/**
 * The concurrency limit of runs: at most `maxPerOwner` at once for one owner (a user) and
 * `maxTotal` on the whole server. `acquire` takes a slot or refuses (429 TOO_MANY_RUNS) and
 * gives the way to release it (once; later calls do nothing).
 */
export function createRunSlots(maxPerOwner: number, maxTotal: number) {
  const perOwner = new Map<string, number>();
  let total = 0;
  return {
    acquire(owner: string): () => void {
      const mine = perOwner.get(owner) ?? 0;
      if (mine >= maxPerOwner) {
        throw new AppError(
          "TOO_MANY_RUNS",
          `You already have ${mine} tools running; wait for one to finish`,
        );
      }
      if (total >= maxTotal) {
        throw new AppError(
          "TOO_MANY_RUNS",
          "The server is running as many tools as it can; try again soon",
        );
      }
      perOwner.set(owner, mine + 1);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        const left = (perOwner.get(owner) ?? 1) - 1;
        if (left > 0) perOwner.set(owner, left);
        else perOwner.delete(owner);
      };
    },
    /** Runs under way. */
    get active() {
      return total;
    },
  };
}
