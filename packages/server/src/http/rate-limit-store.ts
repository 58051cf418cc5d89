import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { AttemptBackend } from "../lib/attempts.js";

/** What @fastify/rate-limit hands a store's `incr` and `read`. */
type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * The route a child store is made for: the plugin passes the route's merged limit options, in
 * which `routeInfo` is the route (its typings say the route options themselves).
 */
function kindOf(params: unknown): string {
  const route = (params as { routeInfo?: { method?: string | string[]; url?: string } } | undefined)
    ?.routeInfo;
  const method = [route?.method ?? ""].flat().join(",");
  return `rate ${method} ${route?.url ?? ""}`.trimEnd();
}

const failure = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * A store for @fastify/rate-limit that counts in the attempts backend (the database), so that
 * requests spread over several instances behind a balancer add up to one limit. Each route
 * counts apart, as the plugin's in-memory store does: the kind is "rate " + method + URL.
 */
export function attemptsRateStore(backend: AttemptBackend): FastifyRateLimitStoreCtor {
  class AttemptsRateStore implements FastifyRateLimitStore {
    private readonly kind: string;

    constructor(params?: unknown) {
      this.kind = kindOf(params);
    }

    incr(key: string, answer: Answer, timeWindow: number): void {
      const now = Date.now();
      backend.add(this.kind, key, now, timeWindow).then(
        (entry) => answer(null, { current: entry.count, ttl: Math.max(0, entry.resetAt - now) }),
        (err: unknown) => answer(failure(err)),
      );
    }

    /** The count without adding to it (a route's `{ increment: false }`). */
    read(key: string, answer: Answer): void {
      const now = Date.now();
      backend.get(this.kind, key, now).then(
        (entry) =>
          answer(
            null,
            entry ? { current: entry.count, ttl: entry.resetAt - now } : { current: 0, ttl: 0 },
          ),
        (err: unknown) => answer(failure(err)),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      return new AttemptsRateStore(params);
    }
  }
  return AttemptsRateStore;
}
