import { constants } from "node:fs";
import { copyFile, mkdir, symlink, utimes } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createExclusive, ownWriteStream } from "../atomic-write.js";
import { fdPath, reopen, withChild, type Pinned } from "../descriptor.js";
import { refused, type Tracker } from "./policy.js";
import type { StagedFolders } from "./staged-folders.js";

/** Entry metadata the readers pass on. */
export interface EntryMeta {
  mode?: number;
  mtime?: Date;
}

/**
 * The writes of a staging tree, each inside a staged folder reached one name at a time (never
 * through a link): new files with O_EXCL, folders, links, times. Paths are "/"-separated and
 * relative to the staging folder; the caller has checked them (policy.ts) and made the folders
 * above them.
 */
export function stagedWrites(folders: StagedFolders, tracker: Tracker) {
  const split = (rel: string) => ({ dir: path.posix.dirname(rel), name: path.posix.basename(rel) });
  /** Runs `use` on the folder holding `rel` with the entry's name in it. */
  const inParent = async <T>(rel: string, use: (parent: Pinned, name: string) => Promise<T>) => {
    const { dir, name } = split(rel);
    return use(await folders.get(dir), name);
  };
  /** Runs `use` on the staged entry `rel` itself (a file or folder, never a link). */
  const atEntry = <T>(rel: string, use: (entry: Pinned) => Promise<T>): Promise<T> =>
    inParent(rel, (parent, name) => withChild(parent, name, {}, use));

  return {
    /** The folder `rel` (already there is fine). */
    folder: (rel: string) =>
      inParent(rel, (parent, name) =>
        mkdir(parent.child(name)).catch((err: unknown) => {
          if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        }),
      ),

    /** The file `rel` from `input`; bytes count against the limits as they arrive. */
    async file(rel: string, input: Readable, meta: EntryMeta): Promise<void> {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          try {
            tracker.bytes(chunk.length);
            done(null, chunk);
          } catch (err) {
            done(err as Error);
          }
        },
      });
      const mode = meta.mode !== undefined ? (meta.mode & 0o777) | 0o600 : 0o644;
      await inParent(rel, async (parent, name) => {
        const handle = await createExclusive(parent, name, mode);
        try {
          await pipeline(input, counter, ownWriteStream(handle));
        } finally {
          await handle.close();
        }
      });
    },

    /** The file `rel` as a copy of the staged file `source` (a tar hard link), mode included. */
    async copy(source: string, rel: string): Promise<void> {
      await atEntry(source, async (from) => {
        const reader = await reopen(from, constants.O_RDONLY | constants.O_NONBLOCK);
        try {
          const info = await reader.stat();
          if (!info.isFile()) throw refused(`the hard link "${rel}" does not point to a file`);
          tracker.bytes(info.size);
          await inParent(rel, async (parent, name) => {
            const writer = await createExclusive(parent, name, 0o600);
            try {
              await copyFile(fdPath(reader.fd), fdPath(writer.fd));
              await writer.chmod(info.mode & 0o7777);
            } finally {
              await writer.close();
            }
          });
        } finally {
          await reader.close();
        }
      });
    },

    /** The symbolic link `rel` → `target`. */
    link: (rel: string, target: string) =>
      inParent(rel, (parent, name) => symlink(target, parent.child(name))),

    /** Sets the entry's modification time, when the archive gives a valid one. */
    async times(rel: string, meta: EntryMeta): Promise<void> {
      const mtime = meta.mtime;
      if (mtime && !Number.isNaN(mtime.getTime())) {
        await atEntry(rel, (entry) => utimes(entry.at, mtime, mtime)).catch(() => undefined);
      }
    },
  };
}

export type StagedWrites = ReturnType<typeof stagedWrites>;
