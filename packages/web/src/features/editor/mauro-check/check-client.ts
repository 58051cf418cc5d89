import type { CheckAnswer } from "./check-answer";

/** Checks a document's text; null when the checker failed. */
export type Checker = (text: string) => Promise<CheckAnswer | null>;

let worker: Worker | null = null;
let failed = false;
let nextId = 1;
const pending = new Map<number, (answer: CheckAnswer | null) => void>();

function startWorker(): Worker | null {
  if (worker || failed) return worker;
  try {
    worker = new Worker(new URL("./check.worker.ts", import.meta.url), { type: "module" });
  } catch (err) {
    console.warn("Mauro-TeX checker unavailable", err);
    failed = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<CheckAnswer>) => {
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    resolve?.(event.data);
  };
  worker.onerror = (event) => {
    // A worker that cannot load (or throws) checks nothing; the editor works on without marks.
    console.warn("Mauro-TeX checker stopped", event.message);
    failed = true;
    worker?.terminate();
    worker = null;
    for (const resolve of pending.values()) resolve(null);
    pending.clear();
  };
  return worker;
}

/**
 * The checker of the editors: one web worker for the whole app, started with the first
 * Mauro-TeX file. Null where workers are not available (the check never runs on the main
 * thread); an answer of null means the worker failed.
 */
export function workerChecker(): Checker | null {
  if (typeof Worker === "undefined" || failed) return null;
  return (text) => {
    const running = startWorker();
    if (!running) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      running.postMessage({ id, text });
    });
  };
}
