import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import tar from "tar-stream";
import { createCompressor } from "./codecs/index.js";
import { zipBytes, type ZipInput } from "./zip/zip-writer.js";
import type { ArchiveFormat } from "./selection.js";
import type { FileHandle } from "../../storage/file-ops.js";
import type { ArchiveEntry } from "../../storage/walk.js";

/** archive.service imports this module at the first archive; the codecs come with it. */
export { loadCodecs } from "./codecs/index.js";

/** Opens a file of the walk for reading (UserFs.openRead). */
export type OpenFile = (abs: string) => Promise<FileHandle>;

const CHUNK = 1 << 18;

interface OpenedFile {
  size: number;
  /** Exactly `size` bytes: a file that shrank or failed mid-read is padded with zeros when `pad`. */
  bytes(pad: boolean): AsyncGenerator<Buffer>;
  read(pad: boolean): Readable;
  close(): Promise<void>;
}

/** Opens a file of the walk; a file that vanished or is no longer regular is skipped (undefined). */
async function openEntry(
  entry: ArchiveEntry,
  openFile: OpenFile,
  log: FastifyBaseLogger,
): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await openFile(entry.abs);
  } catch (err) {
    log.warn({ err, entry: entry.name }, "archive entry skipped");
    return undefined;
  }
  const info = await handle.stat().catch(() => undefined);
  if (!info?.isFile()) {
    await handle.close();
    return undefined;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  async function* bytes(pad: boolean): AsyncGenerator<Buffer> {
    let done = 0;
    try {
      while (done < info!.size) {
        const want = Math.min(CHUNK, info!.size - done);
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(want), 0, want, done);
        if (bytesRead === 0) break;
        done += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } catch (err) {
      log.warn({ err, entry: entry.name }, "archive entry cut short by a read error");
    } finally {
      await close();
    }
    if (done < info!.size) {
      if (!pad) return;
      log.warn({ entry: entry.name }, "archive entry shrank while being read: padded");
      for (let left = info!.size - done; left > 0; left -= CHUNK) {
        yield Buffer.alloc(Math.min(CHUNK, left));
      }
    }
  }
  return { size: info.size, bytes, read: (pad) => Readable.from(bytes(pad)), close };
}

/**
 * The walk as zip inputs: a file is opened only when the zip writer asks for the next entry,
 * after the previous one's data, so memory and open files stay constant and the pace is the
 * client's. A file is closed when its entry is done or the zip stops.
 */
async function* zipInputs(
  entries: AsyncIterable<ArchiveEntry>,
  openFile: OpenFile,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): AsyncGenerator<ZipInput> {
  for await (const entry of entries) {
    if (signal.aborted) return;
    const { mtime, mode } = entry.stats;
    if (entry.kind === "dir") {
      yield { kind: "dir", name: entry.name, mtime, mode };
      continue;
    }
    const file = await openEntry(entry, openFile, log);
    if (!file) continue;
    try {
      const bytes = () => file.bytes(false);
      yield { kind: "file", name: entry.name, mtime, mode, maxSize: file.size, bytes };
    } finally {
      await file.close();
    }
  }
}

/** Feeds the walk into a zip written by zipBytes (its files deflated on several cores). */
function zipArchive(
  entries: AsyncIterable<ArchiveEntry>,
  openFile: OpenFile,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Readable {
  return Readable.from(zipBytes(zipInputs(entries, openFile, log, signal)), { objectMode: false });
}

/** Feeds the walk into a tar stream (tar-stream), each file piped into its entry. */
function tarArchive(
  entries: AsyncIterable<ArchiveEntry>,
  openFile: OpenFile,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Readable {
  const pack = tar.pack();
  const produce = async () => {
    for await (const entry of entries) {
      if (signal.aborted) break;
      const header = {
        name: entry.name,
        mode: entry.stats.mode & 0o7777,
        mtime: entry.stats.mtime,
      };
      if (entry.kind === "dir") {
        pack.entry({ ...header, type: "directory" });
        continue;
      }
      const file = await openEntry(entry, openFile, log);
      if (!file) continue;
      const sink = pack.entry({ ...header, type: "file", size: file.size });
      await pipeline(file.read(true), sink, { signal });
    }
    pack.finalize();
  };
  produce().catch((err: unknown) => {
    if (!signal.aborted) log.warn({ err }, "archive stopped");
    pack.destroy(err as Error);
  });
  return pack as unknown as Readable;
}

/**
 * The archive of a walk as a stream, compressed as the format asks. Nothing is buffered beyond
 * a block of the compressor: when the client stops reading, the walk waits; when it goes away
 * (the returned stream is destroyed), the walk stops and open files are closed.
 */
export function archiveStream(
  format: ArchiveFormat,
  entries: AsyncIterable<ArchiveEntry>,
  openFile: OpenFile,
  log: FastifyBaseLogger,
): Readable {
  const controller = new AbortController();
  const out = new PassThrough();
  out.once("close", () => controller.abort());
  const source =
    format.kind === "zip"
      ? zipArchive(entries, openFile, log, controller.signal)
      : tarArchive(entries, openFile, log, controller.signal);
  const stages = format.compression ? [createCompressor(format.compression)] : [];
  pipeline([source, ...stages, out]).catch((err: unknown) => {
    if (!controller.signal.aborted) log.warn({ err }, "archive stream failed");
    controller.abort();
  });
  return out;
}
