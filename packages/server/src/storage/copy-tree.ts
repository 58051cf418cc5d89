import {
  copyFile,
  chmod,
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  utimes,
} from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";
import { tempNameFor } from "./atomic-write.js";
import type { UserFs } from "./user-fs.js";

/** Entries one copy or move walks at most: a walk never runs without bound. */
export const MAX_WALK_ENTRIES = 2_000_000;

interface CopyContext {
  fs: UserFs;
  /** Entries visited so far, against MAX_WALK_ENTRIES. */
  visited?: number;
  /** Real paths of folders being copied, against link loops. */
  ancestors: Set<string>;
  /** Only count the bytes a copy would copy (the check of a move), write nothing. */
  dryRun?: boolean;
  /** Moves carry hidden files along: only the rules leave children out. */
  withHidden?: boolean;
}

/**
 * Copies a file or folder to `dest` (which must not exist), preserving mode bits and times.
 * Children the user may not see (rules, hidden files) and links leaving the scope are skipped;
 * links inside the scope are copied as what they point to. Returns the bytes copied.
 */
async function copyInto(
  ctx: CopyContext,
  src: string,
  srcUser: string,
  dest: string,
): Promise<number> {
  const info = await stat(src);
  if (info.isDirectory()) {
    const real = await realpath(src);
    if (ctx.ancestors.has(real)) return 0; // a link back to a folder being copied
    ctx.ancestors.add(real);
    if (!ctx.dryRun) await mkdir(dest);
    let bytes = 0;
    for (const name of await readdir(src)) {
      ctx.visited = (ctx.visited ?? 0) + 1;
      if (ctx.visited > MAX_WALK_ENTRIES) {
        throw new AppError(
          "BAD_REQUEST",
          `This folder holds more than ${MAX_WALK_ENTRIES} entries`,
        );
      }
      const childUser = srcUser === "/" ? `/${name}` : `${srcUser}/${name}`;
      const child = path.join(src, name);
      if (!(ctx.withHidden ? ctx.fs.rulesAllow(childUser) : ctx.fs.allowed(childUser))) continue;
      const own = await lstat(child);
      if (own.isSymbolicLink()) {
        // Followed only when it leads somewhere inside the scope that the rules allow; a
        // dangling link is left out like one leading outside.
        if (!(await ctx.fs.containsReal(child).catch(() => false))) continue;
        if (
          !(await stat(child).then(
            () => true,
            () => false,
          ))
        )
          continue;
      }
      if (!own.isSymbolicLink() && !own.isFile() && !own.isDirectory()) continue;
      bytes += await copyInto(ctx, child, childUser, path.join(dest, name));
    }
    ctx.ancestors.delete(real);
    if (ctx.dryRun) return bytes;
    await chmod(dest, info.mode & 0o7777);
    await utimes(dest, info.atime, info.mtime);
    return bytes;
  }
  if (!info.isFile()) return 0;
  if (ctx.dryRun) return info.size;
  await copyFile(src, dest);
  await chmod(dest, info.mode & 0o7777);
  await utimes(dest, info.atime, info.mtime);
  return info.size;
}

/** The bytes a copy of `src` would copy: the same walk, the same skips, nothing written. */
export function copyableSize(
  fs: UserFs,
  src: string,
  srcUser: string,
  withHidden = false,
): Promise<number> {
  return copyInto({ fs, ancestors: new Set(), dryRun: true, withHidden }, src, srcUser, "");
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
  await mkdir(path.dirname(dest), { recursive: true });
  const staging = tempNameFor(dest);
  try {
    const bytes = await copyInto({ fs, ancestors: new Set(), withHidden }, src, srcUser, staging);
    if (expectBytes !== undefined && bytes !== expectBytes) {
      throw new Error(`move verification failed: copied ${bytes} of ${expectBytes} bytes`);
    }
    const existing = await lstat(dest).catch(() => undefined);
    if (existing?.isDirectory()) {
      await mergeInto(staging, dest);
      await rm(staging, { recursive: true, force: true });
    } else {
      if (existing && !replace)
        throw Object.assign(new Error("destination exists"), { code: "EEXIST" });
      await rename(staging, dest);
    }
    return bytes;
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Moves the content of a staged folder into an existing folder (File Browser merges folder
 * copies): same-named files are replaced, sub-folders merged, each step a rename.
 */
async function mergeInto(staged: string, dest: string): Promise<void> {
  for (const name of await readdir(staged)) {
    const from = path.join(staged, name);
    const to = path.join(dest, name);
    const [fromInfo, toInfo] = await Promise.all([lstat(from), lstat(to).catch(() => undefined)]);
    if (fromInfo.isDirectory() && toInfo?.isDirectory()) await mergeInto(from, to);
    else {
      if (toInfo?.isDirectory()) await rm(to, { recursive: true });
      await rename(from, to);
    }
  }
}
