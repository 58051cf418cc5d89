import type { Duplex } from "node:stream";
import { siblingModule } from "../../../lib/workers/bootstrap.js";
import { OffloadedStream } from "../../../lib/workers/offloaded-stream.js";
import { processBackend, programPresent } from "../../../lib/workers/process-backend.js";
import { WorkerPool } from "../../../lib/workers/worker-pool.js";

/** The codecs whose work never runs on the event loop. */
export type OffloadedCodec = "bz2" | "lz4" | "sz";
export type Direction = "compress" | "decompress";
/** `program`: the system's tool when present, else a worker; `worker`: always a worker thread. */
export type CodecBackend = "program" | "worker";

/** The system programs, run as filters (stdin to stdout) with an argument vector. */
const PROGRAMS: Partial<Record<OffloadedCodec, Record<Direction | "probe", string[]>>> = {
  bz2: {
    probe: ["bzip2", "--help"],
    compress: ["bzip2", "-c", "-9"],
    decompress: ["bzip2", "-dc"],
  },
  lz4: { probe: ["lz4", "--version"], compress: ["lz4", "-c", "-q"], decompress: ["lz4", "-dcq"] },
};

/** Worker threads run the sources when this module is a source (tests), the build otherwise. */
const WORKER_ENTRY = siblingModule("codec-worker", import.meta.url);
let pool: WorkerPool | undefined;

/** `SCRIPTORIUM_CODECS=worker` leaves the system programs aside (tests of the fallback, benches). */
export function defaultCodecBackend(): CodecBackend {
  return process.env.SCRIPTORIUM_CODECS === "worker" ? "worker" : "program";
}

/**
 * A compressor or decompressor that works off the event loop: the system's program (bzip2,
 * lz4) in a child process when it is installed, checked once at first use; else our JavaScript
 * codec in a worker thread. Destroying the stream (an aborted request) kills the program or
 * frees the worker's state.
 */
export function offloadedCodec(
  codec: OffloadedCodec,
  direction: Direction,
  backend: CodecBackend = defaultCodecBackend(),
): Duplex {
  return new OffloadedStream(async (push) => {
    const program = PROGRAMS[codec];
    if (program && backend === "program") {
      const [probe, ...probeArgs] = program.probe as [string, ...string[]];
      if (await programPresent(probe, probeArgs)) {
        const [command, ...args] = program[direction] as [string, ...string[]];
        return processBackend(command, args, push);
      }
    }
    pool ??= new WorkerPool(WORKER_ENTRY);
    return pool.backend(`${codec}-${direction}`, push);
  });
}
