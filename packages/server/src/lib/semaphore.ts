/** Runs at most `max` tasks at once; the others wait their turn in arrival order. */
export function createSemaphore(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next waiter, or free it.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    /** Tasks running and waiting, for tests and diagnostics. */
    get stats() {
      return { active, waiting: waiting.length };
    },
  };
}

export type Semaphore = ReturnType<typeof createSemaphore>;
