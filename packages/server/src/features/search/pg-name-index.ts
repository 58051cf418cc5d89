import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { EntryInfo } from "../../storage/tree-walk.js";
import type { NameIndex } from "./name-index.js";
import type { PgLeadership } from "./pg-leader.js";
import { pgNameStore, type NameHit, type NameRow } from "./pg-name-store.js";
import type { ParsedQuery } from "@scriptorium/shared";

/** Rows written in one statement at most. */
const BATCH = 5000;
/** An answer waits this long at most for the indexer's writes (a whole tree's can take longer). */
const SETTLE_MS = 2000;
/** PostgreSQL's error code for a missing table. */
const UNDEFINED_TABLE = "42P01";

type Op = { put: NameRow } | { remove: string } | { sync: NameIndex; current: () => NameIndex };

/**
 * The names on PostgreSQL (pg-name-store.ts), shared by every instance: every instance searches
 * them; the indexer (pg-leader.ts, the same instance that writes the words) writes them from its
 * own in-memory index, in order: each change it applies (its own file events, other instances'
 * carried by LISTEN/NOTIFY, its watcher's), batched, and after each whole walk (the first, the
 * periodic ones, and on becoming the indexer) the whole tree, unchanged rows left as they are,
 * then rows of entries the tree no longer holds deleted.
 */
export function createPgNameIndex(opts: {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  leadership: PgLeadership;
}) {
  const store = pgNameStore(opts.pool);
  const { leadership } = opts;
  let closed = false;
  const leads = () => !closed && leadership.leading();
  const ensure = () =>
    store.ensure().catch((err: unknown) => {
      opts.log.error({ err }, "name index: cannot make its tables");
    });
  let made = ensure();
  leadership.onLead(() => {
    if (!closed) made = ensure();
  });
  const queue: Op[] = [];
  let enqueued = 0;
  let written = 0;
  let waiters: { upTo: number; done: () => void }[] = [];
  let running: Promise<void> | undefined;
  /** Whole trees queued or being written. */
  let syncs = 0;
  /** True once an indexer has written the whole tree (here, or seen in the database). */
  let ready = false;

  function advance(count: number): void {
    written += count;
    const still: typeof waiters = [];
    for (const waiter of waiters) {
      if (written >= waiter.upTo) waiter.done();
      else still.push(waiter);
    }
    waiters = still;
  }

  /** Writes the whole of `index` (while it is still the one in use), then prunes. */
  async function syncAll(index: NameIndex, current: () => NameIndex): Promise<void> {
    let rows: NameRow[] = [];
    for (let id = 1; id < index.capacity; id++) {
      if (!index.isAlive(id)) continue;
      rows.push({
        path: `/${index.pathBelow(id, 0)}`,
        isDir: index.isDir(id),
        modified: index.modifiedOf(id),
      });
      if (rows.length >= BATCH) {
        await store.put(rows);
        rows = [];
        // Replaced by a newer walk meanwhile: that one's sync (queued) does the rest.
        if (current() !== index || !leads()) return;
      }
    }
    await store.put(rows);
    let after = "";
    for (;;) {
      const paths = await store.pathsAfter(after, BATCH);
      if (paths.length === 0) break;
      if (current() !== index || !leads()) return;
      await store.removeAll(paths.filter((p) => index.find(p) === undefined));
      after = paths[paths.length - 1]!;
    }
    await store.tidy();
    await store.setReady();
    ready = true;
  }

  async function drain(): Promise<void> {
    await made;
    while (queue.length > 0 && leads()) {
      const op = queue.shift()!;
      let count = 1;
      try {
        if ("sync" in op) {
          await syncAll(op.sync, op.current);
        } else if ("remove" in op) {
          await store.removeUnder(op.remove);
        } else {
          // Puts in a row, as one statement (the last of a path wins).
          const rows = new Map([[op.put.path, op.put]]);
          while (rows.size < BATCH && queue[0] !== undefined && "put" in queue[0]) {
            const next = queue.shift() as { put: NameRow };
            rows.set(next.put.path, next.put);
            count += 1;
          }
          await store.put([...rows.values()]);
        }
      } catch (err) {
        opts.log.warn({ err }, "name index: could not write names");
      } finally {
        if ("sync" in op) syncs -= 1;
        advance(count);
      }
    }
    if (!leads()) {
      // No longer the indexer: what is left is the next one's to write.
      syncs -= queue.filter((op) => "sync" in op).length;
      queue.length = 0;
      advance(enqueued - written);
    }
  }

  function kick(): void {
    if (running || !leads()) return;
    running = drain().finally(() => {
      running = undefined;
      if (queue.length > 0) kick();
    });
  }

  function push(op: Op): void {
    if (!leads()) return;
    queue.push(op);
    if ("sync" in op) syncs += 1;
    enqueued += 1;
    kick();
  }

  return {
    /** An entry added or changed (written by the indexer only). */
    put(rel: string, info: EntryInfo): void {
      if (rel === "/") return;
      push({ put: { path: rel, isDir: info.isDir, modified: info.modified } });
    },
    /** An entry and everything below it gone. */
    removeUnder(rel: string): void {
      if (rel === "/") return;
      push({ remove: rel });
    },
    /** The whole tree as `current()` holds it now, written (by the indexer only). */
    syncAll(current: () => NameIndex): void {
      push({ sync: current(), current });
    },
    /** Called each time this instance becomes the indexer. */
    onLead: (then: () => void) => leadership.onLead(() => !closed && then()),
    /**
     * Before an answer: on the indexer, every change given so far is written (a file saved
     * through this instance is found at once), unless a whole tree is being written (the names
     * as they are answer meanwhile); elsewhere, whether the names are whole yet.
     */
    async settle(): Promise<void> {
      if (leads() && written < enqueued && syncs === 0) {
        const upTo = enqueued;
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((done) => {
          waiters.push({ upTo, done });
          timer = setTimeout(done, SETTLE_MS);
        });
        clearTimeout(timer);
      }
      if (!ready) {
        await made;
        ready = await store.ready().catch(() => false);
      }
    },
    /** Whether an indexer has written the whole tree (as of the last `settle`). */
    ready: () => ready,
    async search(
      under: string,
      query: ParsedQuery,
      take: (hit: NameHit) => boolean,
    ): Promise<void> {
      await made;
      try {
        await store.search(under, query, take);
      } catch (err) {
        // No table yet (no instance could make it): nothing is indexed.
        if ((err as { code?: string }).code !== UNDEFINED_TABLE) throw err;
      }
    },
    /** Waits until every change given is written (tests, the bench). */
    async idle(): Promise<void> {
      await leadership.settled();
      while (running) await running;
    },
    async close(): Promise<void> {
      closed = true;
      syncs -= queue.filter((op) => "sync" in op).length;
      queue.length = 0;
      await running;
      advance(enqueued - written);
    },
  };
}

export type PgNameIndex = ReturnType<typeof createPgNameIndex>;
