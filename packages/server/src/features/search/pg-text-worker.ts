/**
 * The worker thread of the text index on PostgreSQL (pg-text-index.ts): reading a large
 * transcription's words and folding them takes about a second, which must not hold the server's
 * event loop. The worker has its own connection to the database; jobs run one after another, in
 * the order they were sent, each answered with its id (the messages of text-index-worker.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { realRootOf } from "../../storage/tree-walk.js";
import { readIntoPg } from "./pg-text-read.js";
import { pgTextStore } from "./pg-text-store.js";
import type { TextJob, TextJobDone, TextWorkerData } from "./text-index-worker.js";

const port = parentPort!;
const data = (workerData as { data: TextWorkerData }).data;
const pool = new pg.Pool({ connectionString: data.file, max: 1 });
pool.on("error", () => {});
const store = pgTextStore(pool);
let realRoot: string | undefined;
let chain = Promise.resolve();

async function run(job: TextJob): Promise<void> {
  const errors: string[] = [];
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  };
  if (job.op === "read") {
    for (const rel of job.paths) {
      await attempt(async () => {
        realRoot ??= realRootOf(data.root);
        await readIntoPg(store, realRoot, rel);
      });
    }
  } else if (job.op === "remove") {
    await attempt(() => store.removeUnder(job.rel));
  } else {
    await pool.end().catch(() => undefined);
    port.postMessage({ id: job.id, errors } satisfies TextJobDone);
    port.close();
    return;
  }
  port.postMessage({ id: job.id, errors } satisfies TextJobDone);
}

port.on("message", (job: TextJob) => {
  chain = chain.then(() => run(job));
});
