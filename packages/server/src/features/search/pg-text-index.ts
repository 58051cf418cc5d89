import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { TextMatch } from "../../db/text-index.js";
import { siblingModule } from "../../lib/workers/bootstrap.js";
import { createPgLeadership, type PgLeadership } from "./pg-leader.js";
import { likePatterns, pgTextStore } from "./pg-text-store.js";
import type { TextIndex } from "./text-index.js";
import { isIndexedText } from "./text-rows.js";
import { workerWriter } from "./text-writer.js";

/** PostgreSQL's error code for a missing table. */
const UNDEFINED_TABLE = "42P01";
/** Files sent to the worker in one job. */
const BATCH = 20;
const PG_TEXT_WORKER = siblingModule("pg-text-worker", import.meta.url);

/** The URL the pool connects with (the worker opens its own connection with it). */
const urlOf = (pool: pg.Pool): string =>
  (pool as unknown as { options: { connectionString: string } }).options.connectionString;

/**
 * The text index on PostgreSQL (pg-text-store.ts), shared by every instance: any instance
 * searches it; one at a time writes it, the indexer chosen by an advisory lock (pg-leader.ts, the
 * same for the names: pg-name-index.ts), taken over when it stops. The one that takes over reads again
 * what the tree holds (`onLead`: unchanged files are skipped by their stamps) and forgets what
 * it no longer holds; meanwhile it follows file events, its own and other instances' (carried
 * across by the file events' LISTEN/NOTIFY), as the SQLite index does. Files are read on the
 * worker thread (pg-text-worker.ts) with its own connection, off the event loop.
 */
export function createPgTextIndex(opts: {
  pool: pg.Pool;
  root: string;
  log: FastifyBaseLogger;
  /** Try to lead every so often (tests shorten it). */
  leadRetryMs?: number;
  /** Who writes, shared with the names; without it, a leadership of its own (closed with it). */
  leadership?: PgLeadership;
}): TextIndex {
  const store = pgTextStore(opts.pool);
  const queue = new Set<string>();
  const removing = new Set<Promise<void>>();
  let running: Promise<void> | undefined;
  let closed = false;
  const own = opts.leadership === undefined;
  const leadership =
    opts.leadership ??
    createPgLeadership({ pool: opts.pool, log: opts.log, retryMs: opts.leadRetryMs });
  const leads = () => !closed && leadership.leading();
  let resync: (() => void) | undefined;
  const writer = workerWriter({
    file: urlOf(opts.pool),
    root: opts.root,
    log: opts.log,
    module: PG_TEXT_WORKER,
  });
  const ensure = () =>
    store.ensure().catch((err: unknown) => {
      opts.log.error({ err }, "text index: cannot make its tables");
    });
  // Made again by the instance that becomes the indexer (the server may have been down before).
  let ready = ensure();

  async function drain(): Promise<void> {
    await ready;
    // From the next turn on: a save's answer is not held by the first job.
    await Promise.resolve();
    while (queue.size > 0 && leads()) {
      const batch: string[] = [];
      for (const rel of queue) {
        batch.push(rel);
        queue.delete(rel);
        if (batch.length >= BATCH) break;
      }
      try {
        await writer.read(batch);
      } catch (err) {
        opts.log.warn({ err }, "text index: could not read files");
      }
    }
  }

  function kick(): void {
    if (running || !leads()) return;
    running = drain().finally(() => {
      running = undefined;
      if (queue.size > 0) kick();
    });
  }

  function remove(rel: string): void {
    if (!leads()) return;
    const done: Promise<void> = ready
      .then(() => writer.remove(rel))
      .catch((err: unknown) => opts.log.warn({ err }, "text index: could not forget files"))
      .finally(() => removing.delete(done));
    removing.add(done);
  }

  // The instance that becomes the indexer makes the tables again (the server may have been down
  // before), reads the tree again and writes what it was given meanwhile.
  leadership.onLead(() => {
    if (closed) return;
    ready = ensure();
    resync?.();
    kick();
  });

  return {
    schedule(rel: string): void {
      if (!leads() || !isIndexedText(rel)) return;
      queue.add(rel);
      kick();
    },
    removeUnder: remove,
    prune(exists: (rel: string) => boolean): void {
      if (!leads()) return;
      void ready
        .then(() => store.paths())
        .then((paths) => {
          for (const rel of paths) if (!exists(rel)) remove(rel);
        })
        .catch((err: unknown) => opts.log.warn({ err }, "text index: could not prune"));
    },
    idle: async (): Promise<void> => {
      await leadership.settled();
      while (running || removing.size > 0) {
        await running;
        await Promise.all(removing);
      }
    },
    pending: () => queue.size,
    where: "worker",
    async search(
      terms: readonly string[],
      prefix: string,
      limit: number,
      comments = false,
    ): Promise<TextMatch[]> {
      const patterns = likePatterns(terms);
      if (patterns === undefined) return [];
      await ready;
      try {
        return await store.search(patterns, prefix, limit, comments);
      } catch (err) {
        // No table yet (no instance could make it): nothing is indexed.
        if ((err as { code?: string }).code === UNDEFINED_TABLE) return [];
        throw err;
      }
    },
    onLead(then: () => void): void {
      resync = then;
      if (leads()) then();
    },
    async close(): Promise<void> {
      closed = true;
      queue.clear();
      await running;
      await Promise.all(removing);
      await writer.close();
      if (own) await leadership.close();
    },
  };
}
