import type { FastifyBaseLogger } from "fastify";
import { openTextIndex, type TextMatch } from "../../db/text-index.js";
import { isIndexedText } from "./text-rows.js";
import { inlineWriter, workerWriter } from "./text-writer.js";

/** Files sent to the writer in one job. */
const BATCH = 20;

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
 * index: a file put or removed there is read again or forgotten here. Reading and writing run
 * in a worker thread with its own connection to the index's file (text-writer.ts), so a large
 * transcription saved does not hold the event loop; searches read through this thread's
 * connection. Unchanged files (same time and size) are not read again after a restart.
 */
export function createTextIndex(opts: { file: string; root: string; log: FastifyBaseLogger }) {
  const store = openTextIndex(opts.file);
  const writer = opts.file === ":memory:" ? inlineWriter(store, opts.root) : workerWriter(opts);
  const queue = new Set<string>();
  let running: Promise<void> | undefined;
  /** Removals sent to the writer and not yet done. */
  const removing = new Set<Promise<void>>();
  let closed = false;

  async function drain(): Promise<void> {
    // From the next turn on: a save's answer is not held by the first job.
    await Promise.resolve();
    while (queue.size > 0 && !closed) {
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

  /** Starts draining the queue unless a drain runs; one that ends with work left starts again. */
  function kick(): void {
    if (running || closed) return;
    running = drain().finally(() => {
      running = undefined;
      if (queue.size > 0) kick();
    });
  }

  function remove(rel: string): void {
    if (closed) return;
    const done: Promise<void> = writer
      .remove(rel)
      .catch((err: unknown) => opts.log.warn({ err }, "text index: could not forget files"))
      .finally(() => removing.delete(done));
    removing.add(done);
  }

  return {
    /** Reads (again) a file whose name says it is text, soon. */
    schedule(rel: string): void {
      if (closed || !isIndexedText(rel)) return;
      queue.add(rel);
      kick();
    },
    /** Forgets a file or a folder's files, after what the writer was sent before. */
    removeUnder: remove,
    /** Forgets stored files the name index no longer has (deleted while the server was down). */
    prune(exists: (rel: string) => boolean): void {
      for (const rel of store.paths()) if (!exists(rel)) remove(rel);
    },
    /** Waits until every file scheduled is read and every removal done (tests, the bench). */
    idle: async (): Promise<void> => {
      while (running || removing.size > 0) {
        await running;
        await Promise.all(removing);
      }
    },
    pending: () => queue.size,
    /** Where the words are read and written: "worker" (off the event loop) or "inline". */
    where: writer.where,
    search(terms: readonly string[], prefix: string, limit: number, comments = false): TextMatch[] {
      const match = matchExpression(terms);
      return match === undefined ? [] : store.search(match, prefix, limit, comments);
    },
    /** Stops reading (the job in progress ends first) and closes both connections. */
    async close(): Promise<void> {
      closed = true;
      queue.clear();
      await writer.close();
      store.close();
    },
  };
}

/**
 * The words of text files as the search index uses them: the SQLite FTS5 index of this file, or
 * PostgreSQL's shared by every instance (pg-text-index.ts).
 */
export interface TextIndex {
  /** Reads (again) a file whose name says it is text, soon. */
  schedule(rel: string): void;
  /** Forgets a file or a folder's files. */
  removeUnder(rel: string): void;
  /** Forgets stored files the name index no longer has. */
  prune(exists: (rel: string) => boolean): void;
  /** Waits until every file scheduled is read and every removal done. */
  idle(): Promise<void>;
  pending(): number;
  /** Where the words are read and written. */
  readonly where: "worker" | "inline" | "database";
  search(
    terms: readonly string[],
    prefix: string,
    limit: number,
    comments?: boolean,
  ): TextMatch[] | Promise<TextMatch[]>;
  /**
   * Called with what reads the whole tree again, when this instance becomes the one writing a
   * shared index (at once if it is); an index of its own needs none.
   */
  onLead?(resync: () => void): void;
  close(): Promise<void>;
}
