import {
  constants,
  createReadStream,
  createWriteStream,
  lstatSync,
  type BigIntStats,
  type Dirent,
  type Stats,
  type WriteStream,
} from "node:fs";
import {
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  statfs,
  truncate,
  type FileHandle,
} from "node:fs/promises";
import type { Readable } from "node:stream";
import { AppError, fromErrno } from "../errors.js";
import { isInside } from "../lib/safe-path.js";
import { writeFileAtomic } from "./atomic-write.js";

export type { BigIntStats, Dirent, FileHandle, Stats };

/**
 * A range of an open file as a stream on its descriptor (the file stays open: the caller closes
 * the handle). Reads go straight to libuv, without the promise of each FileHandle read.
 */
export function readStreamOfHandle(
  handle: FileHandle,
  opts: { start: number; end: number; highWaterMark: number },
): Readable {
  return createReadStream("", { fd: handle.fd, autoClose: false, ...opts });
}

/** Runs a filesystem call and maps its errno to an API error (generic message, never a path). */
export async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw fromErrno(err) ?? err;
  }
}

/** True when `abs` exists (as a link or anything else). */
export async function exists(abs: string): Promise<boolean> {
  return lstat(abs).then(
    () => true,
    () => false,
  );
}

/**
 * The filesystem calls of one scope folder, each refusing an absolute path that lies outside it
 * (lexically: links were checked when the path was resolved) and mapping errno to API errors.
 * Only storage/ reaches node:fs for user files; features go through these.
 */
export function createFileOps(root: string) {
  const inside = (abs: string): string => {
    if (!isInside(root, abs))
      throw new AppError("PATH_OUTSIDE_SCOPE", "This path is outside your scope");
    return abs;
  };
  return {
    stat: (abs: string) => mapped(() => stat(inside(abs))),
    statBig: (abs: string) => mapped(() => stat(inside(abs), { bigint: true })),
    lstat: (abs: string) => mapped(() => lstat(inside(abs))),
    lstatBig: (abs: string) => mapped(() => lstat(inside(abs), { bigint: true })),
    /**
     * The own stats of many entries, read on the calling thread: a few microseconds each,
     * where an asynchronous lstat costs a thread-pool round trip and a promise. Undefined for
     * an entry gone meanwhile or unreadable. Callers keep batches small (the event loop waits for them).
     */
    lstatBigMany: (list: readonly string[]): (BigIntStats | undefined)[] =>
      list.map((abs) => {
        try {
          return lstatSync(inside(abs), { bigint: true, throwIfNoEntry: false });
        } catch {
          return undefined;
        }
      }),
    /** stat that answers undefined when nothing is there. */
    statOrNone: (abs: string) => stat(inside(abs)).catch(() => undefined),
    lstatOrNone: (abs: string) => lstat(inside(abs)).catch(() => undefined),
    exists: (abs: string) => exists(inside(abs)),
    readdir: (abs: string) => mapped(() => readdir(inside(abs))),
    readdirTyped: (abs: string) => mapped(() => readdir(inside(abs), { withFileTypes: true })),
    readFile: (abs: string) => mapped(() => readFile(inside(abs))),
    readText: (abs: string) => mapped(() => readFile(inside(abs), "utf8")),
    realpath: (abs: string) => mapped(() => realpath(inside(abs))),
    open: (abs: string, flags: string | number, mode?: number) =>
      mapped(() => open(inside(abs), flags, mode)),
    /**
     * Opens a file for reading without blocking on a FIFO that appeared since the caller's stat
     * (O_NONBLOCK); the caller checks what it opened with handle.stat().
     */
    openRead: (abs: string) =>
      mapped(() => open(inside(abs), constants.O_RDONLY | constants.O_NONBLOCK)),
    /** The first `length` bytes of a file (empty when it cannot be read). */
    readHead: async (abs: string, length = 512): Promise<Uint8Array> => {
      let handle: FileHandle | undefined;
      try {
        handle = await open(inside(abs), "r");
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } catch {
        return new Uint8Array();
      } finally {
        await handle?.close();
      }
    },
    readStream: (abs: string, opts?: { start?: number; end?: number }): Readable =>
      createReadStream(inside(abs), opts),
    writeStream: (
      abs: string,
      opts: { flags: string; start?: number; highWaterMark?: number },
    ): WriteStream => createWriteStream(inside(abs), opts),
    /** Streams `body` into `abs` through a hidden staging file, fsync, then rename. */
    writeAtomic: (abs: string, body: Readable | undefined) =>
      mapped(() => writeFileAtomic(inside(abs), body)),
    mkdir: (abs: string, recursive = true) =>
      mapped(() => mkdir(inside(abs), { recursive }).then(() => undefined)),
    remove: (abs: string, opts: { force?: boolean } = {}) =>
      mapped(() => rm(inside(abs), { recursive: true, force: opts.force ?? false })),
    rename: (from: string, to: string) => mapped(() => rename(inside(from), inside(to))),
    truncate: (abs: string, length: number) => mapped(() => truncate(inside(abs), length)),
    /** Total and free bytes of the filesystem holding `abs`. */
    statfs: (abs: string) => mapped(() => statfs(inside(abs))),
  };
}

export type FileOps = ReturnType<typeof createFileOps>;
