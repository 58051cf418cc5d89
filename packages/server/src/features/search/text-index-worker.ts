/**
 * The worker thread of the text index (text-writer.ts): reading a text file's words and writing
 * them through the synchronous SQLite driver takes about a second for a 2.5 MB transcription,
 * which must not hold the server's event loop. The worker has its own connection to the index's
 * database file (WAL, busy timeout): searches read through the main thread's meanwhile. Jobs
 * run one after another, in the order they were sent; each is answered with its id.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openTextIndex } from "../../db/text-index.js";
import { realRootOf } from "../../storage/tree-walk.js";
import { readInto } from "./text-read.js";

export interface TextWorkerData {
  /** The index's database file (for pg-text-worker.ts: the PostgreSQL URL). */
  file: string;
  /** The files folder (the server's root). */
  root: string;
}

/** Files to read again, a file or folder to forget, or the end. */
export type TextJobBody =
  { op: "read"; paths: string[] } | { op: "remove"; rel: string } | { op: "close" };

export type TextJob = TextJobBody & { id: number };

/** A job done: the messages of what failed in it (a file that could not be read). */
export interface TextJobDone {
  id: number;
  errors: string[];
}

// Not at a lower priority (nice): SQLite's allocator takes a process-wide lock, and a worker
// descheduled while holding it left the server's thread waiting (0.5 s on a loaded machine).
const port = parentPort!;
const data = (workerData as { data: TextWorkerData }).data;
const store = openTextIndex(data.file);
let realRoot: string | undefined;

port.on("message", (job: TextJob) => {
  const errors: string[] = [];
  const attempt = (work: () => void) => {
    try {
      work();
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  };
  if (job.op === "read") {
    for (const rel of job.paths) {
      attempt(() => {
        realRoot ??= realRootOf(data.root);
        readInto(store, realRoot, rel);
      });
    }
  } else if (job.op === "remove") {
    attempt(() => store.removeUnder(job.rel));
  } else {
    store.close();
    port.postMessage({ id: job.id, errors } satisfies TextJobDone);
    port.close();
    return;
  }
  port.postMessage({ id: job.id, errors } satisfies TextJobDone);
});
