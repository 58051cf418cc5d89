import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";

/**
 * Bytes to send: a file opened once (so size, time and content agree) or a small buffer.
 * `read` streams an inclusive range; `release` frees the file once the response is done.
 */
export interface Payload {
  size: number;
  /** Modification time in ms, sent as Last-Modified. */
  mtimeMs: number;
  read(start: number, end: number): Readable;
  /** Up to `length` first bytes, for content sniffing. */
  peek(length: number): Promise<Uint8Array>;
  release(): Promise<void>;
}

/** A payload held in memory (converted subtitles, fresh previews, empty special files). */
export function bufferPayload(data: Uint8Array, mtimeMs: number): Payload {
  return {
    size: data.length,
    mtimeMs,
    read: (start, end) => Readable.from([Buffer.from(data.subarray(start, end + 1))]),
    peek: (length) => Promise.resolve(data.subarray(0, length)),
    release: () => Promise.resolve(),
  };
}

/**
 * Opens a file for sending. O_NONBLOCK keeps a FIFO that appeared since the caller's stat from
 * blocking a thread; anything that is not a regular file once opened is sent as empty.
 */
export async function openFilePayload(abs: string): Promise<Payload> {
  const handle = await open(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  let stats;
  try {
    stats = await handle.stat();
  } catch (err) {
    await handle.close();
    throw err;
  }
  if (!stats.isFile()) {
    await handle.close();
    return bufferPayload(new Uint8Array(), stats.mtimeMs);
  }
  let released = false;
  return {
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    read: (start, end) => handle.createReadStream({ start, end, autoClose: false }),
    async peek(length) {
      const buffer = Buffer.alloc(Math.min(length, stats.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    },
    async release() {
      if (released) return;
      released = true;
      await handle.close();
    },
  };
}
