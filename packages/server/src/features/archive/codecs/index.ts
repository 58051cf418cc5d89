import type { Duplex } from "node:stream";
import zlib from "node:zlib";
import type * as Lzma from "node-liblzma";
import { AppError } from "../../../errors.js";
import { defaultCodecBackend, offloadedCodec, type CodecBackend } from "./offload.js";
import { SnappyFrameDecoder, SnappyFrameEncoder, type SnappyBlocks } from "./snappy-frame.js";
import { loadNativeSnappy } from "./snappy-native.js";
import { createParallelGzip } from "../deflate/gzip.js";

/**
 * The native codecs, loaded by `loadCodecs` at the first archive that needs them (they add
 * memory and start-up time): undefined until tried, null when they cannot be loaded. xz is a
 * native addon (liblzma, built at install): if it cannot be loaded, only xz is unavailable
 * (501), not the server.
 */
let lzma: typeof Lzma | null | undefined;
let nativeSnappy: SnappyBlocks | null | undefined;

/** Loads the native codec `kind` needs (every one without `kind`); call before the streams. */
export async function loadCodecs(kind?: Compression): Promise<void> {
  if ((kind === undefined || kind === "xz") && lzma === undefined) {
    lzma = await import("node-liblzma").catch(() => null);
  }
  if ((kind === undefined || kind === "sz") && nativeSnappy === undefined) {
    nativeSnappy = (await loadNativeSnappy()) ?? null;
  }
}

function xz(): typeof Lzma {
  if (lzma === undefined) throw new Error("xz used before loadCodecs");
  if (!lzma) throw new AppError("NOT_IMPLEMENTED", "xz support (node-liblzma) is not installed");
  return lzma;
}

/** Stream compressions of tar archives and single files. */
export type Compression = "gz" | "bz2" | "xz" | "lz4" | "sz" | "br" | "zst";

/**
 * No codec may hold the event loop for more than a few milliseconds: zlib and liblzma work in
 * libuv's thread pool; bzip2 and lz4 run as the system's programs, or in worker threads when
 * those are missing (offload.ts); snappy's native blocks take well under a millisecond each,
 * and without the native binding it goes to the workers too. `backend: "worker"` forces the
 * worker threads (tests of that path; `SCRIPTORIUM_CODECS=worker` does it for the server).
 */
export interface CodecOptions {
  backend?: CodecBackend;
}

function snappy(direction: "compress" | "decompress", opts: CodecOptions): Duplex {
  const backend = opts.backend ?? defaultCodecBackend();
  // Not loaded (or not loadable): the JavaScript snappy in the workers gives the same bytes.
  if (!nativeSnappy || backend === "worker") return offloadedCodec("sz", direction, backend);
  return direction === "compress"
    ? new SnappyFrameEncoder(nativeSnappy)
    : new SnappyFrameDecoder(nativeSnappy);
}

/** A compressor for downloads (xz at preset 3: ten times faster than 6, for a little size). */
export function createCompressor(
  kind: Exclude<Compression, "br" | "zst">,
  opts: CodecOptions = {},
): Duplex {
  switch (kind) {
    case "gz":
      return createParallelGzip();
    case "bz2":
    case "lz4":
      return offloadedCodec(kind, "compress", opts.backend);
    case "xz":
      return xz().createXz({ preset: 3 }) as unknown as Duplex;
    case "sz":
      return snappy("compress", opts);
  }
}

/** A decompressor for extraction. */
export function createDecompressor(kind: Compression, opts: CodecOptions = {}): Duplex {
  switch (kind) {
    case "gz":
      return zlib.createGunzip();
    case "bz2":
    case "lz4":
      return offloadedCodec(kind, "decompress", opts.backend);
    case "xz":
      return xz().createUnxz() as unknown as Duplex;
    case "sz":
      return snappy("decompress", opts);
    case "br":
      return zlib.createBrotliDecompress();
    case "zst":
      return zlib.createZstdDecompress();
  }
}
