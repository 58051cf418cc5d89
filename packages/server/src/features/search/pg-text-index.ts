import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { TextMatch } from "../../db/text-index.js";
import { siblingModule } from "../../lib/workers/bootstrap.js";
import { likePatterns, pgTextStore } from "./pg-text-store.js";
import type { TextIndex } from "./text-index.js";
import { isIndexedText } from "./text-rows.js";
import { workerWriter } from "./text-writer.js";

/** The first key of the indexer's advisory lock (the second: the schema's hash). */
const INDEXER_LOCK = 0x5c51;
/** PostgreSQL's error code for a missing table. */
const UNDEFINED_TABLE = "42P01";
/** Files sent to the worker in one job. */
const BATCH = 20;
const PG_TEXT_WORKER = siblingModule("pg-text-worker", import.meta.url);

/** The URL the pool connects with (the worker opens its own connection with it). */
const urlOf = (pool: pg.Pool): string =>
  (pool as unknown as { options: { connectionString: string } }).options.connectionString;

/** How often an instance that is not the indexer tries to become it. */
const LEAD_RETRY_MS = 10_000;

/**
 * The text index on PostgreSQL (pg-text-store.ts), shared by every instance: any instance
 * searches it; one at a time writes it, the one holding a session advisory lock on a connection
 * of its own, taken at start and tried again every ten seconds by the others, so that when the
 * indexer stops (its connection closes) another takes over. The one that takes over reads again
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
}): TextIndex {
  const store = pgTextStore(opts.pool);
  const queue = new Set<string>();
  const removing = new Set<Promise<void>>();
  let running: Promise<void> | undefined;
  let closed = false;
  let leader: pg.PoolClient | undefined;
  let leading: Promise<void> | undefined;
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
    while (queue.size > 0 && !closed && leader) {
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
    if (running || closed || !leader) return;
    running = drain().finally(() => {
      running = undefined;
      if (queue.size > 0) kick();
    });
  }

  function remove(rel: string): void {
    if (closed || !leader) return;
    const done: Promise<void> = ready
      .then(() => writer.remove(rel))
      .catch((err: unknown) => opts.log.warn({ err }, "text index: could not forget files"))
      .finally(() => removing.delete(done));
    removing.add(done);
  }

  /** Takes the indexer's lock if free; on success the tree is read again. */
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
        opts.log.warn({ err }, "text index: the indexer's connection was lost");
        if (leader === client) leader = undefined;
        client.release(err);
      });
      opts.log.info("text index: this instance is the indexer");
      ready = ensure();
      resync?.();
      kick();
    } finally {
      if (!kept) client.release(closed);
    }
  }

  function lead(): void {
    if (leading) return;
    leading = tryLead()
      .catch((err: unknown) => opts.log.warn({ err }, "text index: could not try to lead"))
      .finally(() => (leading = undefined));
  }

  lead();
  const retry = setInterval(lead, opts.leadRetryMs ?? LEAD_RETRY_MS);
  retry.unref();

  return {
    schedule(rel: string): void {
      if (closed || !leader || !isIndexedText(rel)) return;
      queue.add(rel);
      kick();
    },
    removeUnder: remove,
    prune(exists: (rel: string) => boolean): void {
      if (closed || !leader) return;
      void ready
        .then(() => store.paths())
        .then((paths) => {
          for (const rel of paths) if (!exists(rel)) remove(rel);
        })
        .catch((err: unknown) => opts.log.warn({ err }, "text index: could not prune"));
    },
    idle: async (): Promise<void> => {
      await leading;
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
      if (leader) then();
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(retry);
      queue.clear();
      await leading;
      await running;
      await Promise.all(removing);
      await writer.close();
      const client = leader;
      leader = undefined;
      // Destroyed, not returned to the pool: the session's lock goes with it.
      client?.release(true);
    },
  };
}
