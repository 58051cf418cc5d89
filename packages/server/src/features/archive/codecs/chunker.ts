import { Transform, type TransformCallback } from "node:stream";

/**
 * A Transform that hands its input to `encode` in chunks of exactly `size` bytes (the last one
 * shorter), so block formats (LZ4 frames, snappy frames, bzip2) can stream.
 */
export abstract class BlockEncoder extends Transform {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private readonly size: number;

  /** (No parameter properties: worker threads run these sources through type stripping.) */
  protected constructor(size: number) {
    super();
    this.size = size;
  }

  /** Encodes one block; returns the bytes to emit. */
  protected abstract encode(block: Buffer): Buffer | Buffer[];
  /** Bytes before the first block (called once, before any block). */
  protected header(): Buffer | undefined {
    return undefined;
  }
  /** Bytes after the last block. */
  protected trailer(): Buffer | undefined {
    return undefined;
  }

  private started = false;

  private emit_(out: Buffer | Buffer[] | undefined): void {
    if (!out) return;
    for (const b of Array.isArray(out) ? out : [out]) if (b.length > 0) this.push(b);
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.emit_(this.header());
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.start();
      this.pending.push(chunk);
      this.pendingLength += chunk.length;
      if (this.pendingLength < this.size) return done();
      let all = Buffer.concat(this.pending, this.pendingLength);
      while (all.length >= this.size) {
        this.emit_(this.encode(all.subarray(0, this.size)));
        all = all.subarray(this.size);
      }
      this.pending = all.length > 0 ? [Buffer.from(all)] : [];
      this.pendingLength = all.length;
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.start();
      if (this.pendingLength > 0) {
        this.emit_(this.encode(Buffer.concat(this.pending, this.pendingLength)));
      }
      this.emit_(this.trailer());
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}

/** Collects input and hands exact byte counts to a parser; for frame decoders. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `n` bytes without consuming them (n ≤ length). */
  peek(n: number): Buffer {
    if (this.chunks[0] && this.chunks[0].length >= n) return this.chunks[0].subarray(0, n);
    const all = Buffer.concat(this.chunks, this.length);
    this.chunks = [all];
    return all.subarray(0, n);
  }

  take(n: number): Buffer {
    const out = Buffer.from(this.peek(n));
    this.skip(n);
    return out;
  }

  skip(n: number): void {
    this.length -= n;
    while (n > 0) {
      const first = this.chunks[0]!;
      if (first.length <= n) {
        n -= first.length;
        this.chunks.shift();
      } else {
        this.chunks[0] = first.subarray(n);
        n = 0;
      }
    }
  }
}
