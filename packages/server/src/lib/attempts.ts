import { AppError } from "../errors.js";

export interface AttemptLimit {
  /** Failed attempts allowed within the window. */
  max: number;
  windowMs: number;
}

/** A key's count in its current window, which ends at `resetAt` (ms). */
export interface AttemptEntry {
  count: number;
  resetAt: number;
}

/**
 * Where counts live: in the process (one instance), or in the database so that several
 * instances behind a balancer count together (db/attempts.store.ts). Keys are namespaced by
 * `kind` (one per counter: "login-user", "share-link"…). Every method is atomic for its key.
 */
export interface AttemptBackend {
  /** The key's entry while its window runs; undefined after it. */
  get(kind: string, key: string, now: number): Promise<AttemptEntry | undefined>;
  /** Adds one to the key's count; a key without a running window starts one of `windowMs`. */
  add(kind: string, key: string, now: number, windowMs: number): Promise<AttemptEntry>;
  /** Forgets the key. */
  remove(kind: string, key: string): Promise<void>;
  /** Takes one back from the key's count while its window runs (never below 0). */
  takeBack(kind: string, key: string, now: number): Promise<void>;
}

/** Counts in this process's memory: what a single instance without a database needs. */
export function createMemoryAttempts(): AttemptBackend {
  const entries = new Map<string, AttemptEntry>();
  const current = (id: string, now: number) => {
    const entry = entries.get(id);
    if (entry && entry.resetAt <= now) {
      entries.delete(id);
      return undefined;
    }
    return entry;
  };
  return {
    get: (kind, key, now) => Promise.resolve(current(`${kind}\0${key}`, now)),
    add(kind, key, now, windowMs) {
      const id = `${kind}\0${key}`;
      let entry = current(id, now);
      if (entry) entry.count += 1;
      else {
        if (entries.size >= 100_000) entries.clear();
        entry = { count: 1, resetAt: now + windowMs };
        entries.set(id, entry);
      }
      return Promise.resolve({ ...entry });
    },
    remove(kind, key) {
      entries.delete(`${kind}\0${key}`);
      return Promise.resolve();
    },
    takeBack(kind, key, now) {
      const entry = current(`${kind}\0${key}`, now);
      if (entry && entry.count > 0) entry.count -= 1;
      return Promise.resolve();
    },
  };
}

function rateLimited(entry: AttemptEntry, now: number, message: string): AppError {
  const seconds = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
  return new AppError("RATE_LIMITED", `${message} Try again in ${seconds} seconds.`, {
    "retry-after": String(seconds),
  });
}

/**
 * Counts failed attempts per key (a username, an address…) in fixed windows; blocks with 429
 * past the limit. Without a backend the counts stay in this process; give the database's
 * (db/attempts.store.ts) so that every instance counts together, under a `kind` of its own.
 */
export function createAttemptCounter(
  limit: AttemptLimit,
  shared?: { backend: AttemptBackend; kind: string },
) {
  const backend = shared?.backend ?? createMemoryAttempts();
  const kind = shared?.kind ?? "attempts";

  return {
    /** Throws 429 with Retry-After when `key` has used up its attempts. */
    async check(key: string): Promise<void> {
      const now = Date.now();
      const entry = await backend.get(kind, key, now);
      if (entry && entry.count >= limit.max) {
        throw rateLimited(entry, now, "Too many failed attempts.");
      }
    },
    /**
     * `check` and `fail` in one atomic step: counts an attempt ahead of its verification, or
     * throws 429 (counting nothing) when the key has used up its attempts, so that guesses sent
     * at once, to one instance or several, cannot all pass.
     */
    async claim(key: string): Promise<void> {
      const now = Date.now();
      const entry = await backend.add(kind, key, now, limit.windowMs);
      if (entry.count > limit.max) {
        await backend.takeBack(kind, key, now);
        throw rateLimited(entry, now, "Too many failed attempts.");
      }
    },
    async fail(key: string): Promise<void> {
      await backend.add(kind, key, Date.now(), limit.windowMs);
    },
    async succeed(key: string): Promise<void> {
      await backend.remove(kind, key);
    },
    /**
     * Takes back one failure counted ahead (a login that counts its attempt before verifying,
     * so that guesses sent at once cannot all pass `check`, then succeeds).
     */
    async release(key: string): Promise<void> {
      await backend.takeBack(kind, key, Date.now());
    },
    /**
     * Counts a request (not only a failure) and throws 429 once the window holds more than
     * `max`: a limit of requests per address, counted before the request is served.
     */
    async hit(key: string): Promise<void> {
      const now = Date.now();
      const entry = await backend.add(kind, key, now, limit.windowMs);
      if (entry.count > limit.max) throw rateLimited(entry, now, "Too many requests.");
    },
  };
}

/** One counter of failed logins: the web login and WebDAV's Basic credentials share it. */
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
