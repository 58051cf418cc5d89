import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { SearchIndexState } from "@scriptorium/shared";
import type { FileEvent, FileEvents } from "../../storage/events.js";
import { NameIndex } from "./name-index.js";
import {
  entryAt,
  indexable,
  isFileInPlace,
  pinFolder,
  realRootOf,
  walkTree,
} from "../../storage/tree-walk.js";
import { watchTree } from "../../storage/tree-watch.js";

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
}

/**
 * The index of every entry under the server's root, kept current: built in the background at
 * start (searches meanwhile answer from what is indexed and say so), updated at once by the
 * app's own file events, by a recursive watcher for changes made outside, and by a periodic
 * walk that replaces the index for what the watcher cannot see.
 */
export function createSearchIndex(opts: SearchIndexOptions) {
  const root = path.resolve(opts.root);
  let index = new NameIndex();
  let state: SearchIndexState = "building";
  let indexed = 0;
  const stop = new AbortController();
  let unwatch: (() => void) | undefined;
  const pending = new Map<string, NodeJS.Timeout>();
  /** Paths changed while a reconcile walk runs: applied again to its result. */
  let changedDuringWalk: Set<string> | undefined;
  const text = opts.text;

  /** The root's real path, looked up once it exists: every place is checked against it. */
  let rootReal: string | undefined;
  function real(): string | undefined {
    if (rootReal === undefined) {
      try {
        rootReal = realRootOf(root);
      } catch {
        return undefined;
      }
    }
    return rootReal;
  }

  /** Walks `rel` into `target`, handing text files to the text index. */
  const walkInto = (target: NameIndex, rel: string, walk: Parameters<typeof walkTree>[3]) =>
    walkTree(
      (p, info) => {
        target.put(p, info);
        if (!info.isDir) text?.schedule(p);
      },
      root,
      rel,
      { ...walk, real: real() },
    );

  /** The root-relative path of an absolute one, or undefined outside the root. */
  function relOf(abs: string): string | undefined {
    const rel = path.relative(root, path.resolve(abs));
    if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
    return rel === "" ? "/" : `/${rel.split(path.sep).join("/")}`;
  }

  /** Forgets `rel` and everything below it, names and words. */
  function forget(rel: string): void {
    index.remove(rel);
    text?.removeUnder(rel);
  }

  /**
   * The folder holding `rel` is gone or now reached through a link: the first component of
   * `rel`, from the root, that is no longer a plain folder (the child of the deepest one that
   * still is) is brought up to date, which drops what was indexed below it when it is a link.
   */
  function recheckAbove(realRoot: string, rel: string): void {
    const parts = rel.split("/").filter((part) => part !== "");
    for (let depth = parts.length - 2; depth >= 0; depth--) {
      const folder = pinFolder(realRoot, `/${parts.slice(0, depth).join("/")}`);
      if (!folder) continue;
      folder.close();
      const first = `/${parts.slice(0, depth + 1).join("/")}`;
      if (first !== rel && index.find(first) !== undefined) refresh(first);
      return;
    }
  }

  /**
   * Brings one path (and, for a folder, what is below it) up to date with the disk, looked at
   * through its folder opened exactly at its place: a path whose folder is gone or reached
   * through a link is forgotten (with the first component that is no longer a plain folder);
   * a link is kept as a name and what was indexed below it, names and words, is forgotten.
   */
  function refresh(rel: string): void {
    changedDuringWalk?.add(rel);
    if (rel === "/") return;
    // Nothing staged (an upload's or an extraction's hidden sibling) nor anything inside it.
    if (rel.split("/").some((part) => part !== "" && !indexable(part))) return;
    const realRoot = real();
    if (realRoot === undefined) return;
    const { folder, entry } = entryAt(realRoot, rel);
    if (!folder || !entry) {
      forget(rel);
      if (!folder) recheckAbove(realRoot, rel);
      return;
    }
    const info = { isDir: entry.isDir, size: entry.size, modified: entry.modified };
    if (entry.link) {
      index.put(rel, info);
      text?.removeUnder(rel);
      return;
    }
    const known = index.find(rel);
    const wasDir = known !== undefined && index.isDir(known);
    index.put(rel, info);
    if (!info.isDir) {
      if (wasDir) text?.removeUnder(rel);
      text?.schedule(rel);
      return;
    }
    void walkInto(index, rel, { signal: stop.signal }).catch((err: unknown) =>
      opts.log.warn({ err }, "search index: could not walk a folder"),
    );
  }

  function onEvent(event: FileEvent): void {
    const from = relOf(event.abs);
    const to = event.to === undefined ? undefined : relOf(event.to);
    if (event.type === "moved" && from) {
      index.remove(from);
      text?.removeUnder(from);
    }
    if (event.type === "moved" || event.type === "copied" || event.type === "extracted") {
      if (to) refresh(to);
      return;
    }
    if (event.type === "compiled") {
      if (to) refresh(to);
      if (from) refresh(from);
      return;
    }
    if (from) refresh(from);
  }

  function onWatch(filename: string): void {
    // Every write to an upload's staged file is an event: dropped before any timer.
    if (!indexable(filename)) return;
    const rel = relOf(path.join(root, filename));
    if (!rel) return;
    clearTimeout(pending.get(rel));
    pending.set(
      rel,
      setTimeout(() => {
        pending.delete(rel);
        refresh(rel);
      }, SETTLE_MS).unref(),
    );
  }

  function startWatching(): void {
    unwatch = watchTree(root, onWatch, (err) =>
      opts.log.warn({ err }, "search index: cannot watch the files; periodic walks remain"),
    );
  }

  /** Walks the whole tree into a fresh index and puts it in place. */
  async function reconcile(): Promise<void> {
    const next = new NameIndex();
    changedDuringWalk = new Set();
    try {
      await walkInto(next, "/", { signal: stop.signal });
      if (stop.signal.aborted) return;
      const changed = changedDuringWalk;
      changedDuringWalk = undefined;
      index = next;
      for (const rel of changed) refresh(rel);
      text?.prune((rel) => next.find(rel) !== undefined);
    } finally {
      changedDuringWalk = undefined;
    }
  }

  const detach = opts.events.on(onEvent);
  let timer: NodeJS.Timeout | undefined;

  return {
    /** Starts the first walk (searches answer meanwhile), the watcher and periodic walks. */
    start(): Promise<void> {
      if (opts.watch !== false) startWatching();
      const first = walkInto(index, "/", {
        signal: stop.signal,
        onProgress: (n) => (indexed = n),
      })
        .then(() => {
          state = "ready";
          indexed = index.size - 1;
          text?.prune((rel) => index.find(rel) !== undefined);
        })
        .catch((err: unknown) => opts.log.error({ err }, "search index: the first walk failed"));
      timer = setInterval(() => {
        void reconcile().catch((err: unknown) =>
          opts.log.warn({ err }, "search index: a periodic walk failed"),
        );
      }, opts.reconcileMs ?? RECONCILE_MS);
      timer.unref();
      return first;
    },
    /** The index as it is now. */
    current: () => index,
    /** The words of text files, when kept. */
    text,
    relOf,
    /**
     * True when the indexed file `rel` is still a regular file exactly at its place (no
     * component of its path a link); when not, it is brought up to date (forgotten) at once.
     */
    inPlace(rel: string): boolean {
      const realRoot = real();
      if (realRoot !== undefined && isFileInPlace(realRoot, rel)) return true;
      refresh(rel);
      return false;
    },
    status: () => ({ state, indexed: state === "ready" ? index.size - 1 : indexed }),
    reconcile,
    close(): void {
      stop.abort();
      text?.close();
      detach();
      unwatch?.();
      clearInterval(timer);
      for (const t of pending.values()) clearTimeout(t);
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
