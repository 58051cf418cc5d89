import { randomBytes } from "node:crypto";
import { constants, createWriteStream, type WriteStream } from "node:fs";
import { lstat, open, rename, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { STAGING_SUFFIX } from "@scriptorium/shared";
import { countReceived } from "../lib/received-buffers.js";
import { fdPath, type Pinned } from "./descriptor.js";
import {
  NO_VERSIONS,
  replacingWithVersion,
  type BoundVersions,
  type WriteKind,
} from "./version-hook.js";

/** Ending of every hidden work-in-progress name (defined in shared: no name may be given it). */
export { STAGING_SUFFIX };

/** A hidden sibling name for work in progress, renamed into place when complete. */
export function stagingNameFor(name: string): string {
  return `.${name}.${randomBytes(6).toString("hex")}${STAGING_SUFFIX}`;
}

/** A hidden sibling path for work in progress (same folder as `target`). */
export function tempNameFor(target: string): string {
  return path.join(path.dirname(target), stagingNameFor(path.basename(target)));
}

const { O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/**
 * Creates the new file `name` in the pinned folder and opens it for writing: O_EXCL, so neither
 * an existing file nor a link put there is ever opened or followed.
 */
export function createExclusive(folder: Pinned, name: string, mode = 0o666): Promise<FileHandle> {
  return open(folder.child(name), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
}

/**
 * A stream writing into the file an open handle holds, from `start`, on a descriptor of its own:
 * the file reopened through `/proc/self/fd/N` (the same file, whatever its name leads to now),
 * closed with the stream (a destroyed fs stream closes its descriptor); the handle stays the
 * caller's.
 */
export function ownWriteStream(
  handle: FileHandle,
  opts: { start?: number; highWaterMark?: number } = {},
): WriteStream {
  return createWriteStream(fdPath(handle.fd), { flags: "r+", ...opts });
}

/** Bytes written between two flushes started during a long write. */
const FLUSH_EVERY = 64 << 20;

/**
 * Starts writing a file's pages to disk every FLUSH_EVERY bytes while it is still being
 * received (one flush at a time, never awaited by the writes), so that the final fsync waits for
 * the last stretch only and not for the whole file.
 */
function flushAlong(handle: FileHandle, source: Readable): () => Promise<void> {
  let sinceFlush = 0;
  let running: Promise<void> | undefined;
  source.on("data", (chunk: Buffer) => {
    sinceFlush += chunk.length;
    if (sinceFlush < FLUSH_EVERY || running) return;
    sinceFlush = 0;
    running = handle.datasync().then(
      () => void (running = undefined),
      () => void (running = undefined), // the final fsync reports what failed
    );
  });
  return async () => {
    await running;
  };
}

/** Streams `source` (or nothing) into an open, empty file, then fsyncs. */
export async function fillAndSync(handle: FileHandle, source: Readable | undefined): Promise<void> {
  if (source) {
    countReceived(source);
    const flushed = flushAlong(handle, source);
    // Chunks that arrive while a write runs go out together (writev), up to 1 MiB, as tus does.
    await pipeline(source, ownWriteStream(handle, { highWaterMark: 1 << 20 }));
    await flushed();
  }
  await handle.sync();
}

/**
 * Puts the finished staging file `temp` (open as `handle`, still in `folder`) in place of
 * `name` in the same folder: a replaced regular file passes on its permission bits and, first,
 * its content to the version keeper (version-hook.ts: linked aside, so the name never
 * disappears); a link found at `name` is replaced, never followed.
 */
export async function replaceIn(
  folder: Pinned,
  temp: string,
  handle: FileHandle,
  name: string,
  versions: BoundVersions = NO_VERSIONS,
  kind?: WriteKind,
): Promise<void> {
  const previous = await lstat(folder.child(name)).catch(() => undefined);
  if (previous?.isFile()) await handle.chmod(previous.mode & 0o7777);
  await replacingWithVersion(
    versions,
    folder,
    name,
    () => rename(folder.child(temp), folder.child(name)),
    kind,
  );
}

/**
 * Streams `source` into `name` of the pinned folder atomically: a hidden staging file made with
 * O_EXCL in the same folder, written through its descriptor, fsync, then renamed into place. A
 * failure removes the staging file and leaves any previous content of `name` intact.
 */
export async function writeAtomicIn(
  folder: Pinned,
  name: string,
  source: Readable | undefined,
  versions: BoundVersions = NO_VERSIONS,
  kind?: WriteKind,
): Promise<void> {
  const temp = stagingNameFor(name);
  const handle = await createExclusive(folder, temp);
  try {
    await fillAndSync(handle, source);
    await replaceIn(folder, temp, handle, name, versions, kind);
  } catch (err) {
    await unlink(folder.child(temp)).catch(() => undefined);
    throw err;
  } finally {
    await handle.close();
  }
}

/** Opens an existing staging file of `folder` for writing, never through a link. */
export function openStaged(folder: Pinned, temp: string): Promise<FileHandle> {
  return open(folder.child(temp), O_WRONLY | O_NOFOLLOW);
}
