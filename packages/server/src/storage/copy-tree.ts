import { constants } from "node:fs";
import { chmod, copyFile, lstat, mkdir, readdir, rename, utimes } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";
import { createExclusive, stagingNameFor } from "./atomic-write.js";
import {
  fdPath,
  PATH_MAX,
  pinChild,
  reopen,
  withChild,
  withPin,
  type Pinned,
  type Place,
} from "./descriptor.js";
import { removeIn } from "./remove-tree.js";
import type { UserFs } from "./user-fs.js";
import { replacingWithVersion, type BoundVersions } from "./version-hook.js";

/** Entries one copy or move walks at most: a walk never runs without bound. */
export const MAX_WALK_ENTRIES = 2_000_000;

interface CopyContext {
  /** Which children are copied, by their user path (rules, hidden files). */
  keep: (userPath: string) => boolean;
  /** Where a source descriptor may be (the view's scope and rules). */
  place: Place;
  /** fsync each copied file (a move to or from the trash deletes its source next). */
  sync?: boolean;
  /** Entries visited so far, against MAX_WALK_ENTRIES. */
  visited?: number;
  /** Real paths of folders being copied, against link loops. */
  ancestors: Set<string>;
}

/** Where a copy writes: a new entry `name` of a pinned folder (none: only count the bytes). */
interface Output {
  folder: Pinned;
  name: string;
}

const FOLLOW = { follow: true } as const;
const OWN_FOLDER = { dir: true } as const;

/** A link left out of a copy: leading outside the view, or nowhere. */
function skippedLink(err: unknown): boolean {
  if (err instanceof AppError) return err.code === "PATH_OUTSIDE_SCOPE";
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ELOOP" || code === "ENOTDIR";
}

/**
 * Copies what `src` holds (a path, or a name reached through a pinned folder) to `out`, which
 * must not exist, preserving mode bits and times. Every source is opened and checked on its
 * descriptor before it is read, so a link swapped in anywhere on the way leads nowhere outside
 * the view; every output is created inside a folder this copy made (O_EXCL, never through a
 * link). Children the user may not see (rules, hidden files) and links leaving the scope are
 * skipped; links inside the scope are copied as what they point to. Returns the bytes copied.
 */
async function copyInto(
  ctx: CopyContext,
  src: string,
  srcUser: string,
  out: Output | undefined,
): Promise<number> {
  if (out && Buffer.byteLength(path.join(out.folder.real, out.name)) >= PATH_MAX) {
    // Made by descriptors, it could be; nothing could then open it by its path.
    throw new AppError("NAME_TOO_LONG", "A file name or path is too long");
  }
  return withPin(src, FOLLOW, ctx.place, async (source) => {
    const info = await source.handle.stat();
    if (info.isDirectory()) return copyFolder(ctx, source, srcUser, out, info);
    if (!info.isFile()) return 0;
    if (out) await copyFileTo(source, out, info, ctx.sync);
    return info.size;
  });
}

async function copyFileTo(
  source: Pinned,
  out: Output,
  info: { mode: number; atime: Date; mtime: Date },
  sync = false,
): Promise<void> {
  const reader = await reopen(source, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const writer = await createExclusive(out.folder, out.name, 0o600);
    try {
      // Both ends named by their descriptors: the kernel copies between these two files only.
      await copyFile(fdPath(reader.fd), fdPath(writer.fd));
      await writer.chmod(info.mode & 0o7777);
      await writer.utimes(info.atime, info.mtime);
      if (sync) await writer.sync();
    } finally {
      await writer.close();
    }
  } finally {
    await reader.close();
  }
}

async function copyFolder(
  ctx: CopyContext,
  source: Pinned,
  srcUser: string,
  out: Output | undefined,
  info: { mode: number; atime: Date; mtime: Date },
): Promise<number> {
  if (ctx.ancestors.has(source.real)) return 0; // a link back to a folder being copied
  ctx.ancestors.add(source.real);
  let made: Pinned | undefined;
  try {
    if (out) {
      await mkdir(out.folder.child(out.name), 0o700);
      made = await pinChild(out.folder, out.name, { dir: true });
    }
    let bytes = 0;
    for (const name of await readdir(source.at)) {
      ctx.visited = (ctx.visited ?? 0) + 1;
      if (ctx.visited > MAX_WALK_ENTRIES) {
        throw new AppError(
          "BAD_REQUEST",
          `This folder holds more than ${MAX_WALK_ENTRIES} entries`,
        );
      }
      const childUser = srcUser === "/" ? `/${name}` : `${srcUser}/${name}`;
      if (!ctx.keep(childUser)) continue;
      const own = await lstat(source.child(name)).catch(() => undefined);
      if (!own) continue;
      if (!own.isSymbolicLink() && !own.isFile() && !own.isDirectory()) continue;
      const next = made && { folder: made, name };
      try {
        bytes += await copyInto(ctx, source.child(name), childUser, next);
      } catch (err) {
        // Followed only when it leads somewhere inside the scope that the rules allow; a
        // dangling link is left out like one leading outside.
        if (own.isSymbolicLink() && skippedLink(err)) continue;
        throw err;
      }
    }
    if (made) {
      await chmod(made.at, info.mode & 0o7777);
      await utimes(made.at, info.atime, info.mtime);
    }
    return bytes;
  } finally {
    ctx.ancestors.delete(source.real);
    await made?.close();
  }
}

/** The bytes a copy of `src` would copy: the same walk, the same skips, nothing written. */
export async function copyableSize(
  fs: UserFs,
  src: string,
  srcUser: string,
  withHidden = false,
): Promise<number> {
  return copyInto(await contextOf(fs, withHidden), src, srcUser, undefined);
}

/** The walk's context in a view: moves carry hidden files along, only the rules leave out. */
async function contextOf(fs: UserFs, withHidden: boolean): Promise<CopyContext> {
  const keep = withHidden ? fs.rulesAllow : fs.allowed;
  return { keep, place: await fs.place(), ancestors: new Set<string>() };
}

/**
 * Copies `src` (checked with `place`) as the new entry `name` of the pinned folder `into`, each
 * file fsynced: the trash's copy across filesystems, in either direction. Children `keep`
 * refuses and links leading outside `place` are left out. Returns the bytes copied.
 */
export function copyAcross(
  place: Place,
  keep: (userPath: string) => boolean,
  src: string,
  srcUser: string,
  into: Pinned,
  name: string,
): Promise<number> {
  const ctx: CopyContext = { keep, place, ancestors: new Set<string>(), sync: true };
  return copyInto(ctx, src, srcUser, { folder: into, name });
}

/**
 * Copies `src` to `dest` so that `dest` never shows a partial result: everything is built
 * under a hidden staging name in the destination folder, then renamed into place (replacing
 * an existing file when `replace`). On failure only what this copy created is removed.
 */
export async function copyEntry(
  fs: UserFs,
  src: string,
  srcUser: string,
  dest: string,
  replace: boolean,
  /** A move's check: the bytes the staged copy must hold before anything is placed. */
  expectBytes?: number,
): Promise<number> {
  const withHidden = expectBytes !== undefined;
  await fs.mkdir(path.dirname(dest));
  const ctx = await contextOf(fs, withHidden);
  return fs.withEntry(dest, async (folder, name) => {
    const staging = stagingNameFor(name);
    try {
      const bytes = await copyInto(ctx, src, srcUser, { folder, name: staging });
      if (expectBytes !== undefined && bytes !== expectBytes) {
        throw new Error(`move verification failed: copied ${bytes} of ${expectBytes} bytes`);
      }
      const existing = await lstat(folder.child(name)).catch(() => undefined);
      if (existing?.isDirectory()) {
        await mergeInto(folder, staging, folder, name, fs.versions);
        await removeIn(folder, staging, { force: true });
      } else {
        if (existing && !replace)
          throw Object.assign(new Error("destination exists"), { code: "EEXIST" });
        // A replaced file becomes a version of the destination; the name never goes missing.
        await replacingWithVersion(fs.versions, folder, name, () =>
          rename(folder.child(staging), folder.child(name)),
        );
      }
      return bytes;
    } catch (err) {
      await removeIn(folder, staging, { force: true });
      throw err;
    }
  });
}

/**
 * Moves the content of a staged folder into an existing folder (File Browser merges folder
 * copies): same-named files are replaced, sub-folders merged, each step a rename between two
 * folders held open (a link in the destination is replaced, never entered).
 */
async function mergeInto(
  stagedIn: Pinned,
  stagedName: string,
  destIn: Pinned,
  destName: string,
  versions: BoundVersions,
): Promise<void> {
  await withChild(stagedIn, stagedName, OWN_FOLDER, (staged) =>
    withChild(destIn, destName, OWN_FOLDER, async (dest) => {
      for (const name of await readdir(staged.at)) {
        const [fromInfo, toInfo] = await Promise.all([
          lstat(staged.child(name)),
          lstat(dest.child(name)).catch(() => undefined),
        ]);
        if (fromInfo.isDirectory() && toInfo?.isDirectory())
          await mergeInto(staged, name, dest, name, versions);
        else {
          if (toInfo?.isDirectory()) await removeIn(dest, name);
          await replacingWithVersion(versions, dest, name, () =>
            rename(staged.child(name), dest.child(name)),
          );
        }
      }
    }),
  );
}
