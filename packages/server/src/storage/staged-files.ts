import type { Stats, WriteStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";
import { createExclusive, openStaged, ownWriteStream, replaceIn } from "./atomic-write.js";
import type { FileOps } from "./file-ops.js";

/** A staged file open for writing, checked to be a plain file of its own. */
export interface StagedOut {
  /** Its size when it was opened. */
  readonly size: number;
  /** A stream writing from `start`, on a descriptor of its own (closed with the stream). */
  writeStream(start: number, highWaterMark: number): WriteStream;
  truncate(length: number): Promise<void>;
  /** Closes the descriptor (once; later calls do nothing). */
  close(): Promise<void>;
}

/** What staged files need of a view of the files. */
type View = Pick<FileOps, "withEntry" | "lstatOrNone" | "remove" | "versions">;

/** A regular file with no other name: what a staging file is unless someone replaced it. */
const isOwnFile = (info: Stats) => info.isFile() && info.nlink === 1;

/** Refusals that mean "no staged file there" (gone, a link put in its place, a folder). */
const isNoStagedFile = (err: unknown) =>
  err instanceof AppError &&
  (err.code === "NOT_FOUND" || err.code === "LINK_LOOP" || err.code === "IS_A_FOLDER");

/**
 * The hidden staging files of uploads, kept across requests by name but always reached through
 * their checked folder and never through a link: created with O_EXCL, reopened with O_NOFOLLOW
 * and checked to be a plain file before each use, renamed into place inside the same folder. A
 * program that puts a link (or anything else) at a staging name only breaks that upload.
 */
export function createStagedFiles(view: View) {
  async function openHandle(temp: string): Promise<FileHandle | undefined> {
    let handle: FileHandle;
    try {
      handle = await view.withEntry(temp, (folder, name) => openStaged(folder, name));
    } catch (err) {
      if (isNoStagedFile(err)) return undefined;
      throw err;
    }
    if (isOwnFile(await handle.stat())) return handle;
    await handle.close();
    return undefined;
  }

  return {
    /** Creates the empty staging file `temp` (never over anything already there). */
    async create(temp: string): Promise<void> {
      await view.withEntry(temp, async (folder, name) => {
        await (await createExclusive(folder, name)).close();
      });
    },

    /** The staged bytes, or undefined when no plain staging file is there. */
    async size(temp: string): Promise<number | undefined> {
      const info = await view.lstatOrNone(temp);
      return info && isOwnFile(info) ? info.size : undefined;
    },

    /** Opens the staging file for writing; undefined when it is gone or was replaced. */
    async open(temp: string): Promise<StagedOut | undefined> {
      const handle = await openHandle(temp);
      if (!handle) return undefined;
      const { size } = await handle.stat();
      let closed = false;
      return {
        size,
        writeStream: (start, highWaterMark) => ownWriteStream(handle, { start, highWaterMark }),
        truncate: (length) => handle.truncate(length),
        async close() {
          if (closed) return;
          closed = true;
          await handle.close();
        },
      };
    },

    /**
     * Puts the complete staging file `temp` in place of `target` (its sibling): fsync, then a
     * rename inside their folder. Returns the placed file's stats.
     */
    async place(temp: string, target: string): Promise<Stats> {
      if (path.dirname(temp) !== path.dirname(target))
        throw new Error("a staging file lives beside its target");
      return view.withEntry(target, async (folder, name) => {
        const tempName = path.basename(temp);
        const handle = await openStaged(folder, tempName);
        try {
          if (!isOwnFile(await handle.stat()))
            throw new AppError("NOT_FOUND", "The upload was cancelled");
          await handle.sync();
          await replaceIn(folder, tempName, handle, name, view.versions);
          return await handle.stat();
        } finally {
          await handle.close();
        }
      });
    },

    /** Removes a staging file (or whatever was put at its name; a link is not followed). */
    async remove(temp: string): Promise<void> {
      await view.remove(temp, { force: true });
    },
  };
}

export type StagedFiles = ReturnType<typeof createStagedFiles>;
