import { Transform, type TransformCallback } from "node:stream";
import { compress, uncompress } from "snappyjs";
import { BlockEncoder, ByteQueue } from "./chunker.js";
import { crc32c, maskCrc32c } from "./checksums.js";

/** The snappy framing format (framing_format.txt): `.sz` files as Go's snappy writes them. */
const STREAM_IDENTIFIER = Buffer.from([0xff, 0x06, 0x00, 0x00, 0x73, 0x4e, 0x61, 0x50, 0x70, 0x59]);
const MAX_BLOCK = 65536;

/** What the framing needs of a snappy implementation: one block at a time, and CRC-32C. */
export interface SnappyBlocks {
  compress(block: Uint8Array): Uint8Array;
  /** `max` is checked against the length the block declares before anything is decoded. */
  uncompress(block: Uint8Array, max: number): Uint8Array;
  crc32c(data: Uint8Array): number;
}

/** snappyjs and our CRC: pure JavaScript, for where the native binding cannot load (run in a worker). */
export const jsSnappyBlocks: SnappyBlocks = {
  compress,
  uncompress: (block, max) => uncompress(block, max),
  crc32c,
};

/** The uncompressed length a snappy block declares (its leading varint). */
export function declaredLength(block: Uint8Array): number {
  let length = 0;
  for (let i = 0, shift = 1; i < 5 && i < block.length; i++, shift *= 128) {
    const b = block[i]!;
    length += (b & 0x7f) * shift;
    if (b < 0x80) return length;
  }
  throw new Error("Corrupt snappy chunk");
}

function chunkHeader(type: number, length: number): Buffer {
  return Buffer.from([type, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff]);
}

/** Compresses into snappy frames of at most 64 KiB of data each. */
export class SnappyFrameEncoder extends BlockEncoder {
  private readonly blocks: SnappyBlocks;

  constructor(blocks: SnappyBlocks = jsSnappyBlocks) {
    super(MAX_BLOCK);
    this.blocks = blocks;
  }

  protected override header(): Buffer {
    return STREAM_IDENTIFIER;
  }

  protected override encode(block: Buffer): Buffer[] {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(maskCrc32c(this.blocks.crc32c(block)));
    const compressed = this.blocks.compress(block);
    // Incompressible data is stored as an uncompressed chunk, as the reference encoder does.
    const useRaw = compressed.length >= block.length - (block.length >> 3);
    const body = useRaw
      ? block
      : Buffer.from(compressed.buffer, compressed.byteOffset, compressed.length);
    return [chunkHeader(useRaw ? 0x01 : 0x00, body.length + 4), crc, body];
  }
}

/** Decodes the snappy framing format, checking every chunk's CRC. */
export class SnappyFrameDecoder extends Transform {
  private readonly queue = new ByteQueue();
  private sawIdentifier = false;
  private readonly blocks: SnappyBlocks;

  constructor(blocks: SnappyBlocks = jsSnappyBlocks) {
    super();
    this.blocks = blocks;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.queue.push(chunk);
    try {
      this.drain();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.queue.length > 0 ? new Error("Truncated snappy stream") : null);
  }

  private drain(): void {
    while (this.queue.length >= 4) {
      const head = this.queue.peek(4);
      const type = head[0]!;
      const length = head[1]! | (head[2]! << 8) | (head[3]! << 16);
      if (this.queue.length < 4 + length) return;
      this.queue.skip(4);
      const body = this.queue.take(length);
      if (type === 0xff) {
        if (!body.equals(STREAM_IDENTIFIER.subarray(4))) throw new Error("Not a snappy stream");
        this.sawIdentifier = true;
        continue;
      }
      if (!this.sawIdentifier) throw new Error("Not a snappy stream");
      if (type === 0x00 || type === 0x01) {
        if (length < 4) throw new Error("Corrupt snappy chunk");
        const payload = body.subarray(4);
        if (type === 0x00 && declaredLength(payload) > MAX_BLOCK) {
          throw new Error("Corrupt snappy chunk");
        }
        const decoded = type === 0x00 ? this.blocks.uncompress(payload, MAX_BLOCK) : payload;
        if (decoded.length > MAX_BLOCK) throw new Error("Corrupt snappy chunk");
        if (maskCrc32c(this.blocks.crc32c(decoded)) !== body.readUInt32LE(0))
          throw new Error("Snappy checksum mismatch");
        this.push(Buffer.from(decoded.buffer, decoded.byteOffset, decoded.length));
      } else if (type < 0x80) {
        throw new Error("Unsupported snappy chunk");
      }
      // 0x80–0xfe: padding and reserved skippable chunks.
    }
  }
}
