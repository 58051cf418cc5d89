import { Duplex } from "node:stream";
import { deflateBlocks, type BlockDeflateOptions, type DeflateSum } from "./block-deflate.js";

/** RFC 1952: deflate, no flags, no time, no extra flags, Unix. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

function trailer(sum: DeflateSum): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(sum.crc >>> 0, 0);
  out.writeUInt32LE(sum.size % 2 ** 32, 4);
  return out;
}

/** The gzip member of `source`, its deflate data compressed in parallel blocks. */
export async function* gzipBlocks(
  source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  options: BlockDeflateOptions = {},
): AsyncGenerator<Buffer> {
  const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
  yield HEADER;
  yield* deflateBlocks(source, sum, options);
  yield trailer(sum);
}

/**
 * A gzip compressor as a stream: one standard gzip member (what `gzip -6` would accept and
 * `gunzip` reads), made on several cores at once.
 */
export function createParallelGzip(options: BlockDeflateOptions = {}): Duplex {
  return Duplex.from(async function* (source: AsyncIterable<Buffer>) {
    yield* gzipBlocks(source, options);
  });
}
