import type { FileHeader } from "node-unrar-js";
import { createSemaphore } from "../../lib/semaphore.js";
import { siblingModule, startWorker } from "../../lib/workers/bootstrap.js";
import type { Tracker } from "../../storage/extraction/policy.js";
import { refused } from "../../storage/extraction/policy.js";
import type { RarJob, RarMessage } from "./rar-worker.js";
import { topNames, type Precheck } from "./readers.js";
import type { Staging } from "../../storage/extraction/staging.js";

/** node-unrar-js keeps one WebAssembly instance whose callbacks go to the latest extractor. */
const oneAtATime = createSemaphore(1);

const RAR_WORKER = siblingModule("rar-worker", import.meta.url);

/**
 * unrar writes with synchronous calls: the extraction runs in a worker thread (rar-worker.ts),
 * which reports every write; the bytes are counted here against the limits, and a refusal
 * stops the worker at its next write (what it wrote meanwhile goes with the staging folder).
 */
async function extractInWorker(
  file: string,
  target: { at: string; real: string },
  names: [string, string][],
  tracker: Tracker,
): Promise<void> {
  const stop = new SharedArrayBuffer(4);
  const job: RarJob = { file, target: target.at, targetReal: target.real, names, stop };
  const worker = startWorker(RAR_WORKER, job);
  let limitError: Error | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on("message", (msg: RarMessage) => {
        if ("bytes" in msg) {
          if (limitError) return;
          try {
            tracker.bytes(msg.bytes);
          } catch (err) {
            limitError = err as Error;
            Atomics.store(new Int32Array(stop), 0, 1);
          }
        } else if (msg.error !== undefined) reject(new Error(msg.error));
        else resolve();
      });
      worker.on("error", reject);
      worker.on("exit", (code) => reject(new Error(`the rar worker stopped (exit ${code})`)));
    });
  } catch (err) {
    throw limitError ?? (err as Error);
  } finally {
    await worker.terminate();
  }
  if (limitError) throw limitError;
}

/**
 * RAR (node-unrar-js, the official unrar compiled to WebAssembly). The listing is checked first
 * (names, declared sizes, conflicts, encryption); files are then written by unrar into the
 * staging folder under names we checked, with every write counted against the limits. Links in
 * RAR archives are not recreated (unrar in WebAssembly has no access to our filesystem for them).
 */
export function extractRar(
  file: string,
  staging: Staging,
  tracker: Tracker,
  precheck: Precheck,
): Promise<void> {
  return oneAtATime.run(async () => {
    const names = new Map<string, string>();
    let headers: FileHeader[];
    try {
      // node-unrar-js (WebAssembly) loads at the first RAR, not with the server.
      const { createExtractorFromFile } = await import("node-unrar-js");
      const lister = await createExtractorFromFile({ filepath: file });
      headers = [...lister.getFileList().fileHeaders];
    } catch (err) {
      const reason = (err as { reason?: string }).reason;
      if (reason === "ERAR_MISSING_PASSWORD" || reason === "ERAR_BAD_PASSWORD") {
        throw refused("encrypted archives are not supported");
      }
      throw err;
    }
    if (headers.some((h) => h.flags.encrypted))
      throw refused("encrypted archives are not supported");
    tracker.declared(
      headers.reduce((sum, h) => sum + h.unpSize, 0),
      headers.length,
    );
    await precheck(topNames(headers.map((h) => h.name)));
    for (const h of headers) {
      if (h.flags.directory) await staging.dir(h.name);
      else {
        const rel = await staging.reserveFile(h.name);
        if (rel !== undefined) names.set(h.name, rel);
      }
    }
    await extractInWorker(file, staging.folder, [...names], tracker);
  });
}
