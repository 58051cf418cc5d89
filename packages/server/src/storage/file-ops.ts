import {
  constants,
  createReadStream,
  lstatSync,
  type BigIntStats,
  type Dirent,
  type Stats,
} from "node:fs";
import { lstat, mkdir, open, readdir, rename, statfs, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError, fromErrno } from "../errors.js";
import { isInside } from "../lib/safe-path.js";
import { writeAtomicIn } from "./atomic-write.js";
import {
  fdPath,
  PATH_MAX,
  pin,
  pinSync,
  reopen,
  withPin,
  type Pinned,
  type Place,
} from "./descriptor.js";
import { removeIn } from "./remove-tree.js";

export type { BigIntStats, Dirent, FileHandle, Pinned, Stats };

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

/**
 * A stream of the whole file an open handle holds, on a descriptor of its own (the file reopened
 * through `/proc/self/fd/N`: the same file, whatever its name leads to now), closed with the
 * stream; the handle stays the caller's.
 */
export function ownStreamOfHandle(handle: FileHandle, highWaterMark = 1 << 16): Readable {
  return createReadStream(fdPath(handle.fd), { highWaterMark });
}

/** Runs a filesystem call and maps its errno to an API error (generic message, never a path). */
export async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw fromErrno(err) ?? err;
  }
}

const { O_RDONLY, O_NONBLOCK } = constants;

const FOLLOW = { follow: true } as const;
const FOLDER = { follow: true, dir: true } as const;

/**
 * The filesystem calls of one view of the files (a scope, a shared folder, or the server's
 * root), link-safe: each opens what it works on, checks where the descriptor really is with the
 * view's place check (inside the view's real root, at a place the rules allow), and then works
 * through the descriptor (descriptor.ts). Reads follow links whose target passes that check;
 * writes reach their entry through its checked folder and never follow a link at the entry
 * itself. Errno is mapped to API errors. Only storage/ reaches node:fs for user files.
 */
export function createFileOps(root: string, place: () => Promise<Place>) {
  /** Lexical containment first: an absolute path outside the view is refused before any call. */
  const inside = (abs: string): string => {
    if (!isInside(root, abs))
      throw new AppError("PATH_OUTSIDE_SCOPE", "This path is outside your scope");
    // Reached by descriptors, a path could be made longer than the system can name (PATH_MAX);
    // nothing could open it by its path afterwards: refused as a path call would be.
    if (Buffer.byteLength(abs) >= PATH_MAX)
      throw new AppError("NAME_TOO_LONG", "A file name or path is too long");
    return abs;
  };
  const pinAt = async (abs: string, how: { follow: boolean; dir?: boolean }) =>
    pin(inside(abs), how, await place());
  const withAt = async <T>(
    abs: string,
    how: { follow: boolean; dir?: boolean },
    use: (pinned: Pinned) => Promise<T>,
  ) => withPin(inside(abs), how, await place(), use);

  /** The folder holding `abs`, checked, and the entry's name in it. */
  async function withEntry<T>(abs: string, use: (folder: Pinned, name: string) => Promise<T>) {
    const at = inside(abs);
    if (path.resolve(at) === path.resolve(root))
      throw new AppError("BAD_REQUEST", "The operation is not valid for this path");
    return withPin(path.dirname(at), FOLDER, await place(), (folder) =>
      use(folder, path.basename(at)),
    );
  }

  /** Opens a file for reading through a checked place (O_NONBLOCK: a FIFO never blocks). */
  async function openRead(abs: string): Promise<FileHandle> {
    return withAt(abs, FOLLOW, (pinned) => reopen(pinned, O_RDONLY | O_NONBLOCK));
  }

  /** Stats of the entry itself: a link is described, not followed. */
  function entryStats(abs: string, bigint: true): Promise<BigIntStats>;
  function entryStats(abs: string, bigint: false): Promise<Stats>;
  async function entryStats(abs: string, bigint: boolean): Promise<Stats | BigIntStats> {
    if (path.resolve(inside(abs)) === path.resolve(root)) {
      return withAt<Stats | BigIntStats>(abs, FOLDER, (p) =>
        bigint ? p.handle.stat({ bigint: true }) : p.handle.stat(),
      );
    }
    return withEntry<Stats | BigIntStats>(abs, (folder, name) =>
      bigint ? lstat(folder.child(name), { bigint: true }) : lstat(folder.child(name)),
    );
  }

  /** The folder at `abs`, created with its missing parents, each step checked. */
  async function makeFolders(abs: string): Promise<void> {
    const at = inside(abs);
    const check = await place();
    const rest = path.relative(root, at).split(path.sep).filter(Boolean);
    let current = await pin(root, FOLDER, check);
    try {
      for (const name of rest) {
        await mkdir(current.child(name)).catch((err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        });
        const next = await pin(current.child(name), FOLDER, check);
        await current.close();
        current = next;
      }
    } finally {
      await current.close();
    }
  }

  return {
    /** Checked place of `abs` (links followed), or of the entry itself (`follow: false`). */
    pin: (abs: string, how: { follow: boolean; dir?: boolean }) => mapped(() => pinAt(abs, how)),
    /** The checked folder holding `abs` and the entry's name in it. */
    withEntry: <T>(abs: string, use: (folder: Pinned, name: string) => Promise<T>) =>
      mapped(() => withEntry(abs, use)),
    stat: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => p.handle.stat())),
    statBig: (abs: string) =>
      mapped(() => withAt(abs, FOLLOW, (p) => p.handle.stat({ bigint: true }))),
    lstat: (abs: string) => mapped(() => entryStats(abs, false)),
    lstatBig: (abs: string) => mapped(() => entryStats(abs, true)),
    /**
     * The own stats of entries of the folder `folderAbs`, read on the calling thread through one
     * checked descriptor of the folder: a few microseconds each, where an asynchronous lstat
     * costs a thread-pool round trip and a promise. Undefined for an entry gone meanwhile or
     * unreadable (all of them when the folder cannot be opened). Callers keep batches small
     * (the event loop waits for them).
     */
    lstatBigMany: (
      folderAbs: string,
      names: readonly string[],
      check: Place,
    ): (BigIntStats | undefined)[] => {
      let folder: ReturnType<typeof pinSync>;
      try {
        folder = pinSync(inside(folderAbs), FOLDER, check);
      } catch {
        return names.map(() => undefined);
      }
      try {
        return names.map((name) => {
          try {
            return lstatSync(`${folder.at}/${name}`, { bigint: true, throwIfNoEntry: false });
          } catch {
            return undefined;
          }
        });
      } finally {
        folder.close();
      }
    },
    /** The place check of this view, for the synchronous calls that take one. */
    place,
    /** stat that answers undefined when nothing is there (or it may not be reached). */
    statOrNone: (abs: string) => withAt(abs, FOLLOW, (p) => p.handle.stat()).catch(() => undefined),
    lstatOrNone: (abs: string) => entryStats(abs, false).catch(() => undefined),
    exists: (abs: string) =>
      entryStats(abs, false).then(
        () => true,
        () => false,
      ),
    readdir: (abs: string) => mapped(() => withAt(abs, FOLDER, (p) => readdir(p.at))),
    readdirTyped: (abs: string) =>
      mapped(() => withAt(abs, FOLDER, (p) => readdir(p.at, { withFileTypes: true }))),
    readFile: (abs: string) =>
      mapped(async () => {
        const handle = await openRead(abs);
        try {
          return await handle.readFile();
        } finally {
          await handle.close();
        }
      }),
    readText: (abs: string) =>
      mapped(async () => {
        const handle = await openRead(abs);
        try {
          return await handle.readFile("utf8");
        } finally {
          await handle.close();
        }
      }),
    /** Where `abs` really is (links followed), when this view may reach it. */
    realpath: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => Promise.resolve(p.real))),
    /**
     * Opens a file for reading without blocking on a FIFO that appeared since the caller's stat
     * (O_NONBLOCK); the caller checks what it opened with handle.stat().
     */
    openRead: (abs: string) => mapped(() => openRead(abs)),
    /**
     * Runs `use` with a path that names a checked descriptor of the file (`/proc/self/fd/N`),
     * for libraries that open files by path themselves (image decoding): they reach that file,
     * whatever its name leads to meanwhile.
     */
    withReadPath: async <T>(abs: string, use: (at: string) => Promise<T>): Promise<T> => {
      const handle = await mapped(() => openRead(abs));
      try {
        return await use(fdPath(handle.fd));
      } finally {
        await handle.close();
      }
    },
    /** The first `length` bytes of a file (empty when it cannot be read). */
    readHead: async (abs: string, length = 512): Promise<Uint8Array> => {
      let handle: FileHandle | undefined;
      try {
        handle = await openRead(abs);
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } catch {
        return new Uint8Array();
      } finally {
        await handle?.close();
      }
    },
    /** A file's content (or a range of it) as a stream on a checked descriptor. */
    readStream: async (abs: string, opts?: { start?: number; end?: number }): Promise<Readable> => {
      const handle = await mapped(() => openRead(abs));
      const stream = createReadStream("", { fd: handle.fd, autoClose: false, ...opts });
      stream.once("close", () => void handle.close());
      return stream;
    },
    /** Streams `body` into `abs` through a hidden staging file, fsync, then rename. */
    writeAtomic: (abs: string, body: Readable | undefined) =>
      mapped(async () => {
        await makeFolders(path.dirname(inside(abs)));
        await withEntry(abs, (folder, name) => writeAtomicIn(folder, name, body));
      }),
    /** Creates the folder `abs` (and, when `recursive`, its missing parents). */
    mkdir: (abs: string, recursive = true) =>
      mapped(async () => {
        if (recursive) return makeFolders(abs);
        await withEntry(abs, (folder, name) => mkdir(folder.child(name)));
      }),
    /** Removes an entry (a folder with its content); a link is removed, never followed. */
    remove: (abs: string, opts: { force?: boolean } = {}) =>
      mapped(() =>
        withEntry(abs, (folder, name) => removeIn(folder, name, opts)).catch((err: unknown) => {
          if (opts.force && (err as NodeJS.ErrnoException).code === "ENOENT") return;
          throw err;
        }),
      ),
    /** rename(2) of an entry to another place of this view; links move as links. */
    rename: (from: string, to: string) =>
      mapped(() =>
        withEntry(from, (source, fromName) =>
          withEntry(to, (dest, toName) => rename(source.child(fromName), dest.child(toName))),
        ),
      ),
    /** Total and free bytes of the filesystem holding `abs`. */
    statfs: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => statfs(p.at))),
    /** Opens an entry for writing through its checked folder, never through a link. */
    openEntry: (abs: string, flags: number) =>
      mapped(() =>
        withEntry(abs, (folder, name) => open(folder.child(name), flags | constants.O_NOFOLLOW)),
      ),
  };
}

export type FileOps = ReturnType<typeof createFileOps>;

/** Whether `err` says nothing is at a path (for callers that tolerate it). */
export const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === "ENOENT" ||
  (err instanceof AppError && err.code === "NOT_FOUND");
