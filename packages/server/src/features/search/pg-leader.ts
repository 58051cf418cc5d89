import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";

/** The first key of the indexer's advisory lock (the second: the schema's hash). */
const INDEXER_LOCK = 0x5c51;
/** How often an instance that is not the indexer tries to become it. */
const LEAD_RETRY_MS = 10_000;

/**
 * Which instance writes the search indexes kept in PostgreSQL (names and words): the one holding
 * a session advisory lock on a connection of its own, taken at start and tried again every ten
 * seconds by the others, so that when the indexer stops (its connection closes) another takes
 * over. One per instance, shared by both indexes: the same instance writes both.
 */
export interface PgLeadership {
  /** True while this instance holds the lock. */
  leading(): boolean;
  /** Called each time this instance becomes the indexer (at once if it is). */
  onLead(then: () => void): void;
  /** Resolves when the attempt to lead under way (if any) is over. */
  settled(): Promise<void>;
  /** Gives the lock up (the connection is destroyed) and stops trying. */
  close(): Promise<void>;
}

export function createPgLeadership(opts: {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Try to lead every so often (tests shorten it). */
  retryMs?: number;
}): PgLeadership {
  let leader: pg.PoolClient | undefined;
  let trying: Promise<void> | undefined;
  let closed = false;
  const listeners: (() => void)[] = [];

  async function tryLead(): Promise<void> {
    if (leader || closed) return;
    const client = await opts.pool.connect();
    let kept = false;
    try {
      const { rows } = await client.query<{ ok: boolean }>(
        "select pg_try_advisory_lock($1, hashtext(current_schema())) as ok",
        [INDEXER_LOCK],
      );
      if (rows[0]?.ok !== true || closed) return;
      kept = true;
      leader = client;
      client.on("error", (err: Error) => {
        opts.log.warn({ err }, "search index: the indexer's connection was lost");
        if (leader === client) leader = undefined;
        client.release(err);
      });
      opts.log.info("search index: this instance is the indexer");
      for (const then of listeners) then();
    } finally {
      if (!kept) client.release(closed);
    }
  }

  function lead(): void {
    if (trying) return;
    trying = tryLead()
      .catch((err: unknown) => opts.log.warn({ err }, "search index: could not try to lead"))
      .finally(() => (trying = undefined));
  }

  lead();
  const retry = setInterval(lead, opts.retryMs ?? LEAD_RETRY_MS);
  retry.unref();

  return {
    leading: () => leader !== undefined && !closed,
    onLead(then: () => void): void {
      listeners.push(then);
      if (leader) then();
    },
    settled: async () => {
      await trying;
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(retry);
      await trying;
      const client = leader;
      leader = undefined;
      // Destroyed, not returned to the pool: the session's lock goes with it.
      client?.release(true);
    },
  };
}
