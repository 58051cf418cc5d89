import { Transform, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import unbzip2 from "unbzip2-stream";
import { AppError } from "../../../errors.js";
import { Bzip2Encoder } from "./bzip2-encoder.js";
import { Lz4FrameDecoder, Lz4FrameEncoder } from "./lz4-frame.js";
import { SnappyFrameDecoder, SnappyFrameEncoder } from "./snappy-frame.js";

/**
 * xz is a native addon (liblzma, built at install): if it cannot be loaded, only xz is
 * unavailable (501), not the server.
 */
const lzma = await import("node-liblzma").catch(() => undefined);

function xz(): NonNullable<typeof lzma> {
  if (!lzma) throw new AppError("NOT_IMPLEMENTED", "xz support (node-liblzma) is not installed");
  return lzma;
}

/** Stream compressions of tar archives and single files. */
export type Compression = "gz" | "bz2" | "xz" | "lz4" | "sz" | "br" | "zst";

/** A compressor for downloads (xz at preset 3: ten times faster than 6, for a little size). */
export function createCompressor(kind: Exclude<Compression, "br" | "zst">): Transform {
  switch (kind) {
    case "gz":
      return zlib.createGzip();
    case "bz2":
      return new Bzip2Encoder();
    case "xz":
      return xz().createXz({ preset: 3 }) as unknown as Transform;
    case "lz4":
      return new Lz4FrameEncoder();
    case "sz":
      return new SnappyFrameEncoder();
  }
}

/**
 * unbzip2-stream is a classic (pre-streams2) through stream: wrap it in a Transform whose
 * callbacks wait for its output, so pipeline() and back-pressure work.
 */
class Bunzip2 extends Transform {
  private readonly inner = unbzip2();
  private finish: TransformCallback | undefined;

  constructor() {
    super();
    this.inner.on("data", (chunk: Buffer) => this.push(chunk));
    this.inner.on("error", (err: Error) => this.destroy(err));
    this.inner.on("end", () => this.finish?.());
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.inner.write(chunk);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.finish = done;
    this.inner.end();
  }
}

/** A decompressor for extraction. */
export function createDecompressor(kind: Compression): Transform {
  switch (kind) {
    case "gz":
      return zlib.createGunzip();
    case "bz2":
      return new Bunzip2();
    case "xz":
      return xz().createUnxz() as unknown as Transform;
    case "lz4":
      return new Lz4FrameDecoder();
    case "sz":
      return new SnappyFrameDecoder();
    case "br":
      return zlib.createBrotliDecompress();
    case "zst":
      return zlib.createZstdDecompress();
  }
}
