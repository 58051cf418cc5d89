import type { Readable } from "node:stream";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** Bytes of request bodies received, across all requests, between two young collections. */
export const COLLECT_EVERY_BYTES = 8 << 20;

type Collect = (options: { type: "minor" }) => void;

let collect: Collect | undefined;
let received = 0;

/** V8's collector, taken once from a context made while `--expose-gc` is briefly set. */
function collector(): Collect {
  if (!collect) {
    v8.setFlagsFromString("--expose-gc");
    try {
      collect = runInNewContext("gc") as Collect;
    } finally {
      v8.setFlagsFromString("--no-expose-gc");
    }
  }
  return collect;
}

/**
 * Counts `bytes` of a request body; after every COLLECT_EVERY_BYTES, collects V8's young
 * generation, which frees the socket buffers already written to disk.
 *
 * Each socket read is a new 64 KiB buffer whose memory lies outside V8's heap and counts
 * toward the old generation's limit until something frees it. Left to V8, a streamed upload
 * starts a full collection of the whole heap every 16 MiB or so (about 1.5 s of CPU per GiB,
 * bench: "Resumable upload"); a young collection takes a fraction of a millisecond, because
 * almost nothing in the young generation is alive.
 */
export function receivedBytes(bytes: number): void {
  received += bytes;
  if (received < COLLECT_EVERY_BYTES) return;
  received = 0;
  collector()({ type: "minor" });
}

/** Counts every chunk `body` gives (see receivedBytes); adds a listener, so call it when piping. */
export function countReceived(body: Readable): void {
  body.on("data", (chunk: Buffer) => receivedBytes(chunk.length));
}
