import { AppError } from "../errors.js";

/**
 * Where the runner's concurrency limit counts: `acquire` takes a slot for an owner or refuses
 * (429 TOO_MANY_RUNS), and gives the way to release it (once; later calls do nothing).
 */
export interface RunSlots {
  acquire(owner: string): Promise<() => Promise<void>>;
  /** Runs under way in this process. */
  readonly active: number;
}

/** The refusal when `owner` already has `mine` runs, or the server is full. */
export function tooManyRuns(mine: number, maxPerOwner: number): AppError {
  return mine >= maxPerOwner
    ? new AppError(
        "TOO_MANY_RUNS",
        `You already have ${mine} tools running; wait for one to finish`,
      )
    : new AppError(
        "TOO_MANY_RUNS",
        "The server is running as many tools as it can; try again soon",
      );
}

/**
 * The concurrency limit of runs in this process: at most `maxPerOwner` at once for one owner
 * (a user) and `maxTotal` on the whole server (one instance; see shared-run-slots.ts for
 * several). A slot is taken synchronously when `acquire` is called.
 */
export function createRunSlots(maxPerOwner: number, maxTotal: number): RunSlots {
  const perOwner = new Map<string, number>();
  let total = 0;
  return {
    acquire(owner: string) {
      const mine = perOwner.get(owner) ?? 0;
      if (mine >= maxPerOwner || total >= maxTotal) {
        return Promise.reject(tooManyRuns(mine, maxPerOwner));
      }
      perOwner.set(owner, mine + 1);
      total++;
      let released = false;
      return Promise.resolve(() => {
        if (!released) {
          released = true;
          total--;
          const left = (perOwner.get(owner) ?? 1) - 1;
          if (left > 0) perOwner.set(owner, left);
          else perOwner.delete(owner);
        }
        return Promise.resolve();
      });
    },
    get active() {
      return total;
    },
  };
}
