import { Transform, type TransformCallback } from "node:stream";
import { compressBlock, compressBound } from "lz4js";
import { BlockEncoder, ByteQueue } from "./chunker.js";
import { Xxh32, xxh32 } from "./checksums.js";

/** LZ4 frame format (lz4_Frame_format.md), as the `lz4` tool reads and writes it. */
const MAGIC = 0x184d2204;
const BLOCK_MAX_SIZES: Record<number, number> = { 4: 1 << 16, 5: 1 << 18, 6: 1 << 20, 7: 1 << 22 };
const BLOCK_SIZE = 1 << 22;
const HISTORY = 1 << 16;

/** Compresses into one LZ4 frame: independent 4 MiB blocks and a content checksum. */
export class Lz4FrameEncoder extends BlockEncoder {
  private readonly hash = new Xxh32();
  private readonly table = new Uint32Array(1 << 16);
  private readonly out = new Uint8Array(compressBound(BLOCK_SIZE));

  constructor() {
    super(BLOCK_SIZE);
  }

  protected override header(): Buffer {
    // FLG: version 01, independent blocks, content checksum; BD: 4 MiB blocks.
    const descriptor = Buffer.from([0x64, 0x70]);
    const head = Buffer.alloc(7);
    head.writeUInt32LE(MAGIC, 0);
    descriptor.copy(head, 4);
    head[6] = (xxh32(descriptor) >>> 8) & 0xff;
    return head;
  }

  protected override encode(block: Buffer): Buffer[] {
    this.hash.update(block);
    this.table.fill(0);
    const size = compressBlock(block, this.out, 0, block.length, this.table);
    const size32 = Buffer.alloc(4);
    if (size > 0 && size < block.length) {
      size32.writeUInt32LE(size);
      return [size32, Buffer.from(this.out.subarray(0, size))];
    }
    size32.writeUInt32LE((block.length | 0x80000000) >>> 0);
    return [size32, Buffer.from(block)];
  }

  protected override trailer(): Buffer {
    const end = Buffer.alloc(8);
    end.writeUInt32LE(this.hash.digest(), 4);
    return end;
  }
}

/**
 * Decodes one LZ4 block into `dst` at `start` (earlier bytes of `dst` are the history of
 * linked blocks); returns the end offset. Every read and write is bounds-checked.
 */
export function decodeLz4Block(src: Uint8Array, dst: Uint8Array, start: number): number {
  let s = 0;
  let d = start;
  const corrupt = () => new Error("Corrupt LZ4 block");
  for (;;) {
    if (s >= src.length) throw corrupt();
    const token = src[s++]!;
    let literals = token >> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (s >= src.length) throw corrupt();
        b = src[s++]!;
        literals += b;
      } while (b === 255);
    }
    if (s + literals > src.length || d + literals > dst.length) throw corrupt();
    dst.set(src.subarray(s, s + literals), d);
    s += literals;
    d += literals;
    if (s === src.length) return d;
    if (s + 2 > src.length) throw corrupt();
    const offset = src[s]! | (src[s + 1]! << 8);
    s += 2;
    let length = token & 15;
    if (length === 15) {
      let b: number;
      do {
        if (s >= src.length) throw corrupt();
        b = src[s++]!;
        length += b;
      } while (b === 255);
    }
    length += 4;
    if (offset === 0 || offset > d || d + length > dst.length) throw corrupt();
    if (offset >= length) dst.copyWithin(d, d - offset, d - offset + length);
    else for (let i = 0; i < length; i++) dst[d + i] = dst[d - offset + i]!;
    d += length;
  }
}

interface FrameState {
  blockMax: number;
  blockChecksum: boolean;
  contentChecksum: boolean;
  linked: boolean;
  hash: Xxh32;
  buffer: Uint8Array;
  /** Bytes of history at the start of `buffer` (linked blocks). */
  history: number;
}

/** Decodes LZ4 frames (several in a row, skippable frames, linked or independent blocks). */
export class Lz4FrameDecoder extends Transform {
  private readonly queue = new ByteQueue();
  private frame: FrameState | undefined;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.queue.push(chunk);
    try {
      while (this.step());
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.queue.length > 0 || this.frame ? new Error("Truncated LZ4 stream") : null);
  }

  /** Parses one frame header or block; false when more input is needed. */
  private step(): boolean {
    if (!this.frame) return this.readHeader();
    const frame = this.frame;
    if (this.queue.length < 4) return false;
    const word = this.queue.peek(4).readUInt32LE(0);
    if (word === 0) {
      const need = 4 + (frame.contentChecksum ? 4 : 0);
      if (this.queue.length < need) return false;
      const tail = this.queue.take(need);
      if (frame.contentChecksum && tail.readUInt32LE(4) !== frame.hash.digest()) {
        throw new Error("LZ4 content checksum mismatch");
      }
      this.frame = undefined;
      return true;
    }
    const stored = (word & 0x80000000) !== 0;
    const size = word & 0x7fffffff;
    if (size > frame.blockMax) throw new Error("Corrupt LZ4 block size");
    const need = 4 + size + (frame.blockChecksum ? 4 : 0);
    if (this.queue.length < need) return false;
    this.queue.skip(4);
    const data = this.queue.take(size);
    if (frame.blockChecksum && this.queue.take(4).readUInt32LE(0) !== xxh32(data)) {
      throw new Error("LZ4 block checksum mismatch");
    }
    let out: Uint8Array;
    if (stored) out = data;
    else {
      const end = decodeLz4Block(data, frame.buffer, frame.history);
      out = frame.buffer.subarray(frame.history, end);
    }
    frame.hash.update(out);
    this.push(Buffer.from(out));
    if (frame.linked) {
      // Keep the last 64 KiB as the dictionary of the next block.
      const joined = Buffer.concat([frame.buffer.subarray(0, frame.history), out]);
      const keep = joined.subarray(Math.max(0, joined.length - HISTORY));
      frame.buffer.set(keep, 0);
      frame.history = keep.length;
    }
    return true;
  }

  private readHeader(): boolean {
    if (this.queue.length < 8) return false;
    const head = this.queue.peek(8);
    const magic = head.readUInt32LE(0);
    if (magic >>> 4 === 0x184d2a5) {
      const skip = 8 + head.readUInt32LE(4);
      if (this.queue.length < skip) return false;
      this.queue.skip(skip);
      return true;
    }
    if (magic !== MAGIC) throw new Error("Not an LZ4 frame");
    const flg = head[4]!;
    const bd = head[5]!;
    if (flg >> 6 !== 1) throw new Error("Unsupported LZ4 frame version");
    if (flg & 1) throw new Error("LZ4 dictionaries are not supported");
    const blockMax = BLOCK_MAX_SIZES[(bd >> 4) & 7];
    if (!blockMax) throw new Error("Corrupt LZ4 frame header");
    const headerLength = 7 + (flg & 8 ? 8 : 0);
    if (this.queue.length < headerLength) return false;
    const header = this.queue.take(headerLength);
    if (header[headerLength - 1] !== ((xxh32(header.subarray(4, headerLength - 1)) >>> 8) & 0xff)) {
      throw new Error("LZ4 frame header checksum mismatch");
    }
    const linked = (flg & 0x20) === 0;
    this.frame = {
      blockMax,
      blockChecksum: (flg & 0x10) !== 0,
      contentChecksum: (flg & 4) !== 0,
      linked,
      hash: new Xxh32(),
      buffer: new Uint8Array((linked ? HISTORY : 0) + blockMax),
      history: 0,
    };
    return true;
  }
}
