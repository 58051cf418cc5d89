import { constants, createReadStream, type BigIntStats, type Dirent, type Stats } from "node:fs";
import { mkdir, open, rename, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "../errors.js";
import { writeAtomicIn } from "./atomic-write.js";
import { fdPath, type Pinned, type Place } from "./descriptor.js";
import { fileReads } from "./file-reads.js";
import { removeIn } from "./remove-tree.js";
import { NO_VERSIONS, type BoundVersions, type WriteKind } from "./version-hook.js";
import { createViewAccess, mapped, type PinHow } from "./view-access.js";

export type { BigIntStats, Dirent, FileHandle, Pinned, Stats };
export { mapped };

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

/**
 * The filesystem calls of one view of the files (a scope, a shared folder, or the server's
 * root), link-safe: each opens what it works on, checks where the descriptor really is with the
 * view's place check (inside the view's real root, at a place the rules allow), and then works
 * through the descriptor (descriptor.ts, view-access.ts). Reads follow links whose target passes
 * that check (file-reads.ts); writes reach their entry through its checked folder and never
 * follow a link at the entry itself. Errno is mapped to API errors. Only storage/ reaches
 * node:fs for user files.
 */
export function createFileOps(
  root: string,
  place: () => Promise<Place>,
  versions: BoundVersions = NO_VERSIONS,
) {
  const view = createViewAccess(root, place);
  const { inside, withEntry, makeFolders } = view;

  return {
    /** Checked place of `abs` (links followed), or of the entry itself (`follow: false`). */
    pin: (abs: string, how: PinHow) => mapped(() => view.pinAt(abs, how)),
    /** The checked folder holding `abs` and the entry's name in it. */
    withEntry: <T>(abs: string, use: (folder: Pinned, name: string) => Promise<T>) =>
      mapped(() => withEntry(abs, use)),
    /** The place check of this view, for the synchronous calls that take one. */
    place,
    /** The version keeper, bound to who writes through this view. */
    versions,
    ...fileReads(view),
    /**
     * Streams `body` into `abs` through a hidden staging file, fsync, then rename (a replaced
     * file becomes a version, unless `kind` says the settings keep none of it).
     */
    writeAtomic: (abs: string, body: Readable | undefined, kind?: WriteKind) =>
      mapped(async () => {
        await makeFolders(path.dirname(inside(abs)));
        await withEntry(abs, (folder, name) => writeAtomicIn(folder, name, body, versions, kind));
      }),
    /** Creates the folder `abs` (and, when `recursive`, its missing parents). */
    mkdir: (abs: string, recursive = true) =>
      mapped(async () => {
        if (recursive) return makeFolders(abs);
        await withEntry(abs, (folder, name) => mkdir(folder.child(name)));
      }),
    /**
     * Removes an entry (a folder with its content); a link is removed, never followed. What is
     * removed for good takes its versions along.
     */
    remove: (abs: string, opts: { force?: boolean } = {}) =>
      mapped(() =>
        withEntry(abs, async (folder, name) => {
          await removeIn(folder, name, opts);
          await versions.removed(path.join(folder.real, name));
        }).catch((err: unknown) => {
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
