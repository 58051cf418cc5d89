import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { SearchIndexState } from "@scriptorium/shared";
import type { FileEvents } from "../../storage/events.js";
import { indexable, isFileInPlace } from "../../storage/tree-walk.js";
import { watchTree } from "../../storage/tree-watch.js";
import { createIndexRefresh, type HeldIndex } from "./index-refresh.js";
import { NameIndex } from "./name-index.js";
import type { PgNameIndex } from "./pg-name-index.js";
import type { TextIndex } from "./text-index.js";

/** How often the whole tree is walked again, for changes no watcher saw (network mounts). */
const RECONCILE_MS = 15 * 60_000;
/** Changes seen by the watcher are applied this long after the last one for a path. */
const SETTLE_MS = 150;

export interface SearchIndexOptions {
  root: string;
  events: FileEvents;
  log: FastifyBaseLogger;
  /** Watch the tree for changes made outside the app (default true). */
  watch?: boolean;
  reconcileMs?: number;
  /** The words of text files, kept in step with the names. */
  text?: TextIndex;
  /**
   * The names shared in PostgreSQL, which then answer name searches; the in-memory index stays,
   * the source of what the indexer writes there and of paths' checks.
   */
  names?: PgNameIndex;
  /** Closed after both (the indexer's lock they share). */
  leadership?: { close(): Promise<void> };
}

/**
 * The index of every entry under the server's root, kept current: built in the background at
 * start (searches meanwhile answer from what is indexed and say so), updated at once by the
 * app's own file events, by a recursive watcher for changes made outside, and by a periodic
 * walk that replaces the index for what the watcher cannot see.
 */
export function createSearchIndex(opts: SearchIndexOptions) {
  const root = path.resolve(opts.root);
  const held: HeldIndex = { index: new NameIndex() };
  let state: SearchIndexState = "building";
  let indexed = 0;
  const stop = new AbortController();
  let unwatch: (() => void) | undefined;
  const pending = new Map<string, NodeJS.Timeout>();
  const { text, names } = opts;
  const sync = createIndexRefresh(held, {
    root,
    log: opts.log,
    text,
    names,
    signal: stop.signal,
  });
  // The shared names, written whole by the instance that becomes the indexer once it has walked.
  names?.onLead(() => {
    if (state === "ready") names.syncAll(() => held.index);
  });
  // A shared index taken over by this instance: every text file the tree holds is read again
  // (unchanged ones skipped by their stamps), what it no longer holds forgotten.
  text?.onLead?.(() => {
    const index = held.index;
    for (let id = 1; id < index.capacity; id++) {
      if (index.isAlive(id) && !index.isDir(id)) text.schedule(`/${index.pathBelow(id, 0)}`);
    }
    if (state === "ready") text.prune((rel) => held.index.find(rel) !== undefined);
  });

  function onWatch(filename: string): void {
    // Every write to an upload's staged file is an event: dropped before any timer.
    if (!indexable(filename)) return;
    const rel = sync.relOf(path.join(root, filename));
    if (!rel) return;
    clearTimeout(pending.get(rel));
    pending.set(
      rel,
      setTimeout(() => {
        pending.delete(rel);
        sync.refresh(rel);
      }, SETTLE_MS).unref(),
    );
  }

  function startWatching(): void {
    unwatch = watchTree(root, onWatch, (err) =>
      opts.log.warn({ err }, "search index: cannot watch the files; periodic walks remain"),
    );
  }

  /** The first walk, into the index searches already use; then the index is ready. */
  async function firstWalk(): Promise<void> {
    try {
      await sync.walkInto(held.index, "/", {
        signal: stop.signal,
        onProgress: (n) => (indexed = n),
      });
      state = "ready";
      indexed = held.index.size - 1;
      names?.syncAll(() => held.index);
      text?.prune((rel) => held.index.find(rel) !== undefined);
    } catch (err) {
      opts.log.error({ err }, "search index: the first walk failed");
    }
  }

  /** Walks the whole tree into a fresh index and puts it in place. */
  async function reconcile(): Promise<void> {
    const next = new NameIndex();
    held.changedDuringWalk = new Set();
    try {
      await sync.walkInto(next, "/", { signal: stop.signal });
      if (stop.signal.aborted) return;
      const changed = held.changedDuringWalk;
      held.changedDuringWalk = undefined;
      held.index = next;
      names?.syncAll(() => held.index);
      for (const rel of changed) sync.refresh(rel);
      text?.prune((rel) => next.find(rel) !== undefined);
    } finally {
      held.changedDuringWalk = undefined;
    }
  }

  const detach = opts.events.on(sync.applyEvent);
  let timer: NodeJS.Timeout | undefined;

  return {
    /** Starts the first walk (searches answer meanwhile), the watcher and periodic walks. */
    start(): Promise<void> {
      if (opts.watch !== false) startWatching();
      const first = firstWalk();
      timer = setInterval(() => {
        void reconcile().catch((err: unknown) =>
          opts.log.warn({ err }, "search index: a periodic walk failed"),
        );
      }, opts.reconcileMs ?? RECONCILE_MS);
      timer.unref();
      return first;
    },
    /** The index as it is now. */
    current: () => held.index,
    /** The words of text files, when kept. */
    text,
    relOf: sync.relOf,
    /**
     * True when the indexed file `rel` is still a regular file exactly at its place (no
     * component of its path a link); when not, it is brought up to date (forgotten) at once.
     */
    inPlace(rel: string): boolean {
      const realRoot = sync.real();
      if (realRoot !== undefined && isFileInPlace(realRoot, rel)) return true;
      sync.refresh(rel);
      return false;
    },
    /** The shared names, when kept (they answer name searches then). */
    names,
    /** Before an answer: the shared names' writes given so far are done, their state known. */
    settle: async (): Promise<void> => {
      await names?.settle();
    },
    /**
     * Building until this instance has walked the tree and, with shared names, until an indexer
     * has written them whole; the count is of the entries this instance has walked.
     */
    status: (): { state: SearchIndexState; indexed: number } => ({
      state: state === "ready" && (names === undefined || names.ready()) ? "ready" : "building",
      indexed: state === "ready" ? held.index.size - 1 : indexed,
    }),
    reconcile,
    /** Stops watching and walking; resolves once the text index's writer has stopped. */
    async close(): Promise<void> {
      stop.abort();
      detach();
      unwatch?.();
      clearInterval(timer);
      for (const t of pending.values()) clearTimeout(t);
      await text?.close();
      await names?.close();
      await opts.leadership?.close();
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
