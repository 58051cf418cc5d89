import type { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import type { TextIndexStore } from "../../db/text-index.js";
import { siblingModule, startWorker } from "../../lib/workers/bootstrap.js";
import { realRootOf } from "../../storage/tree-walk.js";
import { readInto } from "./text-read.js";
import type { TextJob, TextJobBody, TextJobDone, TextWorkerData } from "./text-index-worker.js";

/** Time spent reading files inline between two yields, at most (one file may take longer). */
const SLICE_MS = 20;
/** How long a closing worker may take to finish its job before it is stopped. */
const CLOSE_MS = 5000;

const TEXT_WORKER = siblingModule("text-index-worker", import.meta.url);

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What writes the text index: reads files' words in and forgets files. Where it runs is its
 * own business (a worker thread with its own connection for a SQLite file, the event loop in
 * slices for an index in memory; a server database reached asynchronously would need neither).
 */
export interface TextWriter {
  /** "worker" when the reading and writing run off the event loop. */
  readonly where: "worker" | "inline";
  /** Reads these files' words again, in order; resolves once they are written. */
  read(paths: readonly string[]): Promise<void>;
  /** Forgets a file, or a folder's files, after what was sent before. */
  remove(rel: string): Promise<void>;
  /** Finishes the job in progress and stops. */
  close(): Promise<void>;
}

/** The writer for an index kept in memory: the same connection, in slices that yield. */
export function inlineWriter(store: TextIndexStore, root: string): TextWriter {
  let realRoot: string | undefined;
  let closed = false;
  return {
    where: "inline",
    async read(paths) {
      let since = performance.now();
      for (const rel of paths) {
        if (closed) return;
        realRoot ??= realRootOf(root);
        readInto(store, realRoot, rel);
        if (performance.now() - since > SLICE_MS) {
          await pause();
          since = performance.now();
        }
      }
    },
    // Async for its thrown errors to become rejections; the work itself is synchronous.
    // eslint-disable-next-line @typescript-eslint/require-await
    async remove(rel) {
      if (!closed) store.removeUnder(rel);
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}

/**
 * The writer for an index in a database file: a worker thread (text-index-worker.ts), started
 * at the first job, that opens the same file. It keeps the process alive only while it has
 * work; one that stops is started again by the next job.
 */
export function workerWriter(opts: {
  file: string;
  root: string;
  log: FastifyBaseLogger;
  /** The worker's module (text-index-worker by default; pg-text-worker for PostgreSQL). */
  module?: URL;
}): TextWriter {
  let current: { worker: Worker; waiting: Map<number, (err?: Error) => void> } | undefined;
  let next = 0;
  let closed = false;

  function start() {
    if (current) return current;
    const data: TextWorkerData = { file: opts.file, root: opts.root };
    const worker = startWorker(opts.module ?? TEXT_WORKER, data);
    const waiting = new Map<number, (err?: Error) => void>();
    const mine = { worker, waiting };
    const stopped = (err: Error) => {
      if (current === mine) current = undefined;
      for (const settle of waiting.values()) settle(err);
      waiting.clear();
    };
    worker.on("message", (done: TextJobDone) => {
      for (const error of done.errors)
        opts.log.warn({ error }, "text index: could not read a file");
      waiting.get(done.id)?.();
      waiting.delete(done.id);
      if (waiting.size === 0) worker.unref();
    });
    worker.on("error", (err: Error) => {
      opts.log.warn({ err }, "text index: the worker failed");
      stopped(err);
    });
    worker.on("exit", () => stopped(new Error("the text index worker stopped")));
    current = mine;
    return mine;
  }

  function send(job: TextJobBody): Promise<void> {
    if (closed) return Promise.resolve();
    const { worker, waiting } = start();
    const id = ++next;
    return new Promise<void>((resolve, reject) => {
      waiting.set(id, (err) => (err ? reject(err) : resolve()));
      worker.ref();
      worker.postMessage({ ...job, id } satisfies TextJob);
    });
  }

  return {
    where: "worker",
    read: (paths) => send({ op: "read", paths: [...paths] }),
    remove: (rel) => send({ op: "remove", rel }),
    async close() {
      if (closed) return;
      const running = current;
      const ended = running && send({ op: "close" }).catch(() => undefined);
      closed = true;
      if (!running || !ended) return;
      const timer = setTimeout(() => void running.worker.terminate(), CLOSE_MS);
      await ended;
      clearTimeout(timer);
    },
  };
}
