/**
 * The worker thread of rar-reader.ts: unrar (WebAssembly) writes files with synchronous calls,
 * so the extraction itself runs here, off the server's event loop. Every write is reported to
 * the main thread, which counts it against the limits; once it says stop (a shared flag), the
 * next write is refused and unrar gives up.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createExtractorFromFile } from "node-unrar-js";
import {
  closeStagedFileSync,
  createStagedFileSync,
} from "../../storage/extraction/staged-file-sync.js";

export interface RarJob {
  /** The archive, as the path of a descriptor the main thread opened and checked. */
  file: string;
  /** The staging folder: the path of its descriptor, and where it really is. */
  target: string;
  targetReal: string;
  /** Entry name → the relative name reserved for it in the staging folder. */
  names: [string, string][];
  /** Int32Array over a SharedArrayBuffer: [0] becomes 1 when the main thread says stop. */
  stop: SharedArrayBuffer;
}

/** Messages to the main thread: bytes written, then the end (with an error message or not). */
export type RarMessage = { bytes: number } | { done: true; error?: string };

interface WriteHook {
  write(fd: number, buf: number, size: number): boolean;
  create(filename: string): number;
  closeFile(fd: number): void;
  fileMap: Record<number, { size: number; pos: number; name: string }>;
}

const port = parentPort!;
const job = (workerData as { data: RarJob }).data;
const stop = new Int32Array(job.stop);
const names = new Map(job.names);

try {
  const extractor = await createExtractorFromFile({
    filepath: job.file,
    targetPath: job.target,
    filenameTransform: (name) => names.get(name) ?? "",
  });
  const hooked = extractor as unknown as WriteHook;
  const write = hooked.write.bind(extractor);
  // Files are created by us, never by unrar's own path joining: inside the staging folder as it
  // was made, with O_EXCL (a folder a program swapped for a link meanwhile stops the extraction).
  hooked.create = (filename) => {
    const rel = names.get(filename);
    if (rel === undefined) throw new Error("an entry that was not reserved");
    const fd = createStagedFileSync(job.target, job.targetReal, rel);
    hooked.fileMap[fd] = { size: 0, pos: 0, name: filename };
    return fd;
  };
  hooked.closeFile = (fd) => {
    delete hooked.fileMap[fd];
    closeStagedFileSync(fd);
  };
  hooked.write = (fd, buf, size) => {
    if (Atomics.load(stop, 0) !== 0) return false;
    port.postMessage({ bytes: size } satisfies RarMessage);
    return write(fd, buf, size);
  };
  const { files } = extractor.extract({ files: (h) => names.has(h.name) });
  for (const extracted of files) void extracted;
  port.postMessage({ done: true } satisfies RarMessage);
} catch (err) {
  port.postMessage({
    done: true,
    error: (err as Error).message ?? String(err),
  } satisfies RarMessage);
}
