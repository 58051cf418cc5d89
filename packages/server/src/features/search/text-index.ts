import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { openTextIndex, type TextMatch } from "../../db/text-index.js";
import { readText, realRootOf } from "../../storage/tree-walk.js";
import { isIndexedText, MAX_TEXT_BYTES, textRows } from "./text-rows.js";

/** Files read between two yields to the event loop. */
const BATCH = 20;
/** Time spent reading files between two yields, at most (one file may take longer). */
const SLICE_MS = 20;

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The FTS5 expression of a query: every word (a prefix of a word) on one row; phrases kept. */
export function matchExpression(terms: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const term of terms) {
    const words = term.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) continue;
    const quoted = words.map((w) => `"${w.replace(/"/g, '""')}"`);
    parts.push(
      words.length > 1 && term.includes(" ") ? quoted.join(" + ") : `${quoted.join(" ")}*`,
    );
  }
  return parts.length > 0 ? parts.join(" AND ") : undefined;
}

/**
 * The words inside text files (.tex, .txt, .md and m2hv's .htm), kept in step with the name
 * index: a file put or removed there is read again or forgotten here, in a queue that yields to
 * the event loop. Unchanged files (same time and size) are not read again after a restart.
 */
export function createTextIndex(opts: { file: string; root: string; log: FastifyBaseLogger }) {
  const store = openTextIndex(opts.file);
  const queue = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;

  /** The root's real path, looked up once it exists. */
  let realRoot: string | undefined;

  /**
   * Reads a file's words again, through a descriptor checked to be exactly at its place: a file
   * that is gone, a link, not a regular file or reached through a link is forgotten, never read.
   */
  function readOne(rel: string): void {
    realRoot ??= realRootOf(opts.root);
    const read = readText(realRoot, rel, MAX_TEXT_BYTES, (info) => {
      const stamp = store.stamp(rel);
      return stamp !== undefined && stamp.mtime === info.modified && stamp.size === info.size;
    });
    if (read?.skipped === "unchanged") return;
    if (read?.text === undefined) {
      store.removeUnder(rel);
      return;
    }
    store.put(
      rel,
      read.info.modified,
      read.info.size,
      textRows(path.posix.basename(rel), read.text),
    );
  }

  async function drain(): Promise<void> {
    let done = 0;
    let since = performance.now();
    while (queue.size > 0 && !closed) {
      const [rel] = queue;
      if (rel === undefined) break;
      queue.delete(rel);
      try {
        readOne(rel);
      } catch (err) {
        opts.log.warn({ err }, "text index: could not read a file");
      }
      // Many small files, or a few large ones (up to 8 MiB of words each): the server answers.
      if (++done % BATCH === 0 || performance.now() - since > SLICE_MS) {
        await pause();
        since = performance.now();
      }
    }
  }

  /** Starts draining the queue unless a drain runs; one that ends with work left starts again. */
  function kick(): void {
    if (running || closed) return;
    running = drain().finally(() => {
      running = undefined;
      if (queue.size > 0) kick();
    });
  }

  return {
    /** Reads (again) a file whose name says it is text, soon. */
    schedule(rel: string): void {
      if (closed || !isIndexedText(rel)) return;
      queue.add(rel);
      kick();
    },
    /** Forgets a file or a folder's files at once. */
    removeUnder(rel: string): void {
      if (!closed) store.removeUnder(rel);
    },
    /** Forgets stored files the name index no longer has (deleted while the server was down). */
    prune(exists: (rel: string) => boolean): void {
      for (const rel of store.paths()) if (!exists(rel)) store.removeUnder(rel);
    },
    /** Waits until the queue is empty (tests, the bench). */
    idle: async (): Promise<void> => {
      while (running) await running;
    },
    pending: () => queue.size,
    search(terms: readonly string[], prefix: string, limit: number, comments = false): TextMatch[] {
      const match = matchExpression(terms);
      return match === undefined ? [] : store.search(match, prefix, limit, comments);
    },
    close(): void {
      closed = true;
      queue.clear();
      store.close();
    },
  };
}

export type TextIndex = ReturnType<typeof createTextIndex>;
