import { AppError } from "../errors.js";

export interface AttemptLimit {
  /** Failed attempts allowed within the window. */
  max: number;
  windowMs: number;
}

/** Counts failed logins per key (the username) in fixed windows; blocks with 429 past the limit. */
export function createAttemptCounter(limit: AttemptLimit) {
  const entries = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Throws 429 with Retry-After when `key` has used up its attempts. */
    check(key: string): void {
      const entry = current(key);
      if (entry && entry.count >= limit.max) {
        const seconds = Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000));
        throw new AppError(
          "RATE_LIMITED",
          `Too many failed attempts. Try again in ${seconds} seconds.`,
          { "retry-after": String(seconds) },
        );
      }
    },
    fail(key: string): void {
      const entry = current(key);
      if (entry) entry.count += 1;
      else entries.set(key, { count: 1, resetAt: Date.now() + limit.windowMs });
      if (entries.size > 100_000) entries.clear();
    },
    succeed(key: string): void {
      entries.delete(key);
    },
    /**
     * Takes back one failure counted ahead (a login that counts its attempt before verifying,
     * so that guesses sent at once cannot all pass `check`, then succeeds).
     */
    release(key: string): void {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}

/** One counter of failed logins: the web login and WebDAV's Basic credentials share it. */
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
