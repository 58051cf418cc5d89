import { availableParallelism } from "node:os";
import zlib from "node:zlib";

/**
 * Deflate in independent blocks compressed side by side, the way pigz does: the input is cut
 * into 128 KiB blocks, each compressed by zlib in libuv's thread pool (several at once) with
 * the previous block's last 32 KiB as its dictionary, so the ratio stays that of one
 * stream. Every block but the last ends with a sync flush (a byte boundary, no final bit), so
 * the blocks joined in order are one standard raw deflate stream.
 */
export const BLOCK_SIZE = 128 * 1024;
const WINDOW = 32 * 1024;

/** What a deflated stream held: its CRC-32, its length and the length of its deflate data. */
export interface DeflateSum {
  crc: number;
  size: number;
  compressed: number;
}

export interface BlockDeflateOptions {
  /** zlib's level, 6 by default (gzip's and zip's). */
  level?: number;
  /** Blocks compressed at the same time (defaultParallel()). */
  parallel?: number;
}

/**
 * Blocks in flight by default: two per core, so a core never waits for the next block to be
 * cut (with 2 cores, 4 in flight compress 256 MiB of text in 9.8 s, 2 in 11.1 s, one zlib
 * stream in 17.5 s); at most 4, the threads of libuv's pool.
 */
export function defaultParallel(): number {
  return Math.min(4, 2 * availableParallelism());
}

function deflateBlock(block: Buffer, level: number, dictionary: Buffer | undefined, last: boolean) {
  return new Promise<Buffer>((resolve, reject) => {
    const finishFlush = last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH;
    const options: zlib.ZlibOptions = dictionary
      ? { level, finishFlush, dictionary }
      : { level, finishFlush };
    zlib.deflateRaw(block, options, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

/** A block deflated to more than this share of its size is taken for incompressible data. */
const INCOMPRESSIBLE = 0.98;
/** While a stream looks incompressible, one block in this many is still deflated, to check. */
const RECHECK_EVERY = 8;

/**
 * The compression jobs of `source`'s raw deflate stream, in order, each started in the pool as
 * it is made (the source is read only as the jobs are asked for). Each job comes wrapped: an
 * async generator would wait for a promise it yields bare. `sum`'s CRC and size are complete
 * once the last job is out; its compressed length is for the reader of the jobs to count.
 *
 * Data that does not compress (the scans of a manuscript: JPEG, compressed TIFF) is not worth
 * zlib's time: once a block comes back larger than INCOMPRESSIBLE of its size, the next ones
 * go as stored deflate blocks (level 0: the bytes as they are, 5 bytes of framing per 64 KiB,
 * no larger than what level 6 makes of such data), except one in RECHECK_EVERY, which is
 * deflated to see whether the data has become compressible again.
 */
export async function* deflateJobs(
  source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  sum: DeflateSum,
  level = 6,
): AsyncGenerator<{ block: Promise<Buffer> }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let previous: Buffer | undefined;
  let count = 0;
  /** What the last deflated block that came back said of the data. */
  let incompressible = false;
  const cut = (last: boolean) => {
    const block = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const dictionary = previous?.subarray(Math.max(0, previous.length - WINDOW));
    previous = block;
    const store = level > 0 && incompressible && count++ % RECHECK_EVERY !== 0;
    const job = store
      ? deflateBlock(block, 0, undefined, last)
      : deflateBlock(block, level, dictionary, last);
    if (!store && level > 0) {
      void job.then(
        (out) => {
          incompressible = out.length > block.length * INCOMPRESSIBLE;
          if (!incompressible) count = 0;
        },
        () => undefined,
      );
    }
    // A job dropped unread (the reader went away) must not fail as an unhandled rejection.
    job.catch(() => undefined);
    return { block: job };
  };
  for await (const piece of source) {
    let chunk = Buffer.isBuffer(piece)
      ? piece
      : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    sum.crc = zlib.crc32(chunk, sum.crc);
    sum.size += chunk.length;
    while (pendingBytes + chunk.length >= BLOCK_SIZE) {
      const take = BLOCK_SIZE - pendingBytes;
      pending.push(chunk.subarray(0, take));
      pendingBytes += take;
      chunk = chunk.subarray(take);
      yield cut(false);
    }
    if (chunk.length > 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  yield cut(true);
}

/** An item of a stream whose heavy parts are compressed blocks still in the pool. */
export type Pending<T> = { block: Promise<Buffer> } | { now: T };

/**
 * `items` in their order, each block awaited: up to `parallelOption` blocks (defaultParallel()
 * if absent) are asked for ahead of the one being waited on, so the pool keeps working across
 * the boundaries between the streams that `items` joins (a zip's files). Other items ahead are
 * bounded too.
 */
export async function* inOrder<T>(
  items: AsyncIterator<Pending<T>>,
  parallelOption?: number,
): AsyncGenerator<{ block: Buffer } | { now: T }> {
  const parallel = Math.max(1, parallelOption ?? defaultParallel());
  const ahead: Pending<T>[] = [];
  let blocks = 0;
  let ended = false;
  try {
    for (;;) {
      while (!ended && blocks < parallel && ahead.length < parallel + 16) {
        const next = await items.next();
        if (next.done) ended = true;
        else {
          ahead.push(next.value);
          if ("block" in next.value) blocks++;
        }
      }
      const head = ahead.shift();
      if (!head) return;
      if ("block" in head) {
        blocks--;
        yield { block: await head.block };
      } else yield head;
    }
  } finally {
    // Stopped early (the reader went away): blocks still in the pool finish and are dropped.
    await items.return?.();
  }
}

/**
 * The raw deflate stream of `source`, in order, with its sums written into `sum` as it goes
 * (complete once the generator has finished). Memory stays at a few blocks per stream: the
 * source is read only while fewer than `parallel` blocks are being compressed.
 */
export async function* deflateBlocks(
  source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  sum: DeflateSum,
  options: BlockDeflateOptions = {},
): AsyncGenerator<Buffer> {
  const jobs = deflateJobs(source, sum, options.level);
  for await (const item of inOrder<never>(jobs, options.parallel)) {
    if ("block" in item) {
      sum.compressed += item.block.length;
      yield item.block;
    }
  }
}
