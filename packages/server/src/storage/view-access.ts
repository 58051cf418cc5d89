import { constants, type BigIntStats, type Stats } from "node:fs";
import { lstat, mkdir, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { AppError, fromErrno } from "../errors.js";
import { isInside } from "../lib/safe-path.js";
import { pin, PATH_MAX, reopen, withPin, type Pinned, type Place } from "./descriptor.js";

/** Runs a filesystem call and maps its errno to an API error (generic message, never a path). */
export async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw fromErrno(err) ?? err;
  }
}

const { O_RDONLY, O_NONBLOCK } = constants;

/** How a place is opened: links followed or not, and whether it must be a folder. */
export type PinHow = { follow: boolean; dir?: boolean };

export const FOLLOW = { follow: true } as const;
export const FOLDER = { follow: true, dir: true } as const;

/**
 * The checked ways into one view of the files (the base of file-ops.ts): an absolute path is
 * first refused lexically when it leaves the view's root, then opened as a descriptor whose real
 * place the view's `place` check accepts (descriptor.ts); every call works on that descriptor.
 * Errno is not mapped here.
 */
export function createViewAccess(root: string, place: () => Promise<Place>) {
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
  const isRoot = (abs: string) => path.resolve(inside(abs)) === path.resolve(root);

  const pinAt = async (abs: string, how: PinHow) => pin(inside(abs), how, await place());
  const withAt = async <T>(abs: string, how: PinHow, use: (pinned: Pinned) => Promise<T>) =>
    withPin(inside(abs), how, await place(), use);

  /** The folder holding `abs`, checked, and the entry's name in it. */
  async function withEntry<T>(abs: string, use: (folder: Pinned, name: string) => Promise<T>) {
    const at = inside(abs);
    if (isRoot(at)) throw new AppError("BAD_REQUEST", "The operation is not valid for this path");
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
    if (isRoot(abs)) {
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

  return { place, inside, pinAt, withAt, withEntry, openRead, entryStats, makeFolders };
}

export type ViewAccess = ReturnType<typeof createViewAccess>;
