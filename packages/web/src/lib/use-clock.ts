import { useSyncExternalStore } from "react";

/** How often relative times ("2 minutes ago") are worked out again. */
export const CLOCK_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The time, renewed every CLOCK_TICK_MS while a component that shows relative times is on
 * screen: one shared timer for all of them, stopped when none is left.
 */
export function useClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
