import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
} from "node:fs";
import path from "node:path";
import { STAGING_SUFFIX } from "./atomic-write.js";
import { exactly, fdPath, pinSync } from "./descriptor.js";

/**
 * Walks and reads of the whole files root for the indexes, never through a link: a program in
 * the sandbox can swap any folder or file of its scope for a link at any moment, and a path
 * string checked one moment leads elsewhere the next. Each folder is opened once (O_PATH) and
 * checked to be exactly where the walk thinks it is (its real path is the root's real path plus
 * the same components, so no component was a link), then read and its entries looked at through
 * that descriptor (`/proc/self/fd/N/name`). A file is read through a descriptor opened without
 * following a last link and checked the same way. Linux only, as `descriptor.ts`.
 */

/** What an index keeps of one file or folder besides its name. */
export interface EntryInfo {
  isDir: boolean;
  size: number;
  /** Last modification, Unix milliseconds. */
  modified: number;
}

/** Entries read between two yields to the event loop: the server keeps answering. */
const BATCH = 4000;

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Staged files of uploads and saves are never results. */
export const indexable = (name: string) => !name.endsWith(STAGING_SUFFIX);

/** What the index keeps of an lstat. */
const infoOfStats = (st: { isDirectory(): boolean; size: number; mtimeMs: number }) => ({
  isDir: st.isDirectory(),
  size: st.size,
  modified: st.mtimeMs,
});

/**
 * Where a root-relative path ("/"-separated, "/" the root) really is when no component of it is
 * a link: the root's real path plus the same components.
 */
export function placeOf(realRoot: string, rel: string): string {
  const parts = rel.split("/").filter((part) => part !== "");
  return parts.length === 0 ? realRoot : path.join(realRoot, ...parts);
}

/** The real path of a root (links resolved once, at the start of a walk or an index). */
export const realRootOf = (root: string): string => realpathSync(path.resolve(root));

/**
 * The folder at `rel`, open (O_PATH) and checked to be exactly at its place; undefined when it
 * is gone, not a folder, or reached through a link in any component.
 */
export function pinFolder(realRoot: string, rel: string): ReturnType<typeof pinSync> | undefined {
  const place = placeOf(realRoot, rel);
  try {
    return pinSync(place, { follow: true, dir: true }, exactly(place));
  } catch {
    return undefined;
  }
}

/** What an entry is, looked at without following it (`link`: it is a link itself). */
export interface EntryAt extends EntryInfo {
  link: boolean;
}

/**
 * The entry at `rel` (not the root), looked at through its folder opened exactly at its place:
 * `folder` false when that folder is gone or reached through a link (then nothing is known of
 * the entry), `entry` undefined when the folder holds no such name.
 */
export function entryAt(realRoot: string, rel: string): { folder: boolean; entry?: EntryAt } {
  const parts = rel.split("/").filter((part) => part !== "");
  const name = parts.pop();
  if (name === undefined) return { folder: false };
  const folder = pinFolder(realRoot, `/${parts.join("/")}`);
  if (!folder) return { folder: false };
  try {
    const st = lstatSync(`${folder.at}/${name}`);
    return { folder: true, entry: { ...infoOfStats(st), link: st.isSymbolicLink() } };
  } catch {
    return { folder: true };
  } finally {
    folder.close();
  }
}

/**
 * True when `abs` is a folder inside `root` reached without following any link: its real path
 * is `root`'s real path plus the same components.
 */
export function isPlainFolderInside(root: string, abs: string): boolean {
  return plainFolderReal(root, abs) !== undefined;
}

/**
 * The real path of `abs` when it is a folder inside `root` reached without following any link
 * (`root`'s real path plus the same components), else undefined: what a walk of it is then
 * given as `real`, so that it walks that very place.
 */
export function plainFolderReal(root: string, abs: string): string | undefined {
  try {
    const rel = path.relative(root, abs);
    if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
    const realRoot = realRootOf(root);
    const folder = pinFolder(realRoot, rel.split(path.sep).join("/"));
    if (!folder) return undefined;
    folder.close();
    return folder.real;
  } catch {
    return undefined;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** True while the descriptor of a folder still is at `place` (not moved, not removed). */
function stillAt(fd: number, place: string): boolean {
  try {
    return readlinkSync(fdPath(fd)) === place;
  } catch {
    return false;
  }
}

/**
 * Gives `put` everything below `rel` (a folder of `root`, "/" for the root), depth first, never
 * through a link: each folder is opened once and checked to be exactly at its place, then read
 * and its entries looked at (lstat) through that descriptor; a link is given as an entry (not a
 * folder) and never entered, a folder reached through a link is skipped with what it holds.
 * Yields to the event loop every BATCH entries (a folder that moved meanwhile is left there).
 * `onProgress` gets the number of entries read so far; `signal` stops the walk. `real` is the
 * real path of `root` when the caller has checked it (else it is looked up now).
 */
export async function walkTree(
  put: (rel: string, info: EntryInfo) => void,
  root: string,
  rel: string,
  opts: { onProgress?: (entries: number) => void; signal?: AbortSignal; real?: string } = {},
): Promise<number> {
  let realRoot: string;
  try {
    realRoot = opts.real ?? realRootOf(root);
  } catch {
    return 0;
  }
  const stack = [rel];
  let count = 0;
  let sinceYield = 0;
  while (stack.length > 0) {
    if (opts.signal?.aborted) return count;
    const folderRel = stack.pop() ?? "/";
    const folder = pinFolder(realRoot, folderRel);
    if (!folder) continue;
    try {
      let names: string[];
      try {
        names = readdirSync(folder.at);
      } catch {
        continue;
      }
      const place = folder.real;
      for (const name of names) {
        if (!indexable(name)) continue;
        let info: EntryInfo;
        try {
          info = infoOfStats(lstatSync(`${folder.at}/${name}`));
        } catch {
          continue;
        }
        const childRel = folderRel === "/" ? `/${name}` : `${folderRel}/${name}`;
        put(childRel, info);
        if (info.isDir) stack.push(childRel);
        count += 1;
        if (++sinceYield >= BATCH) {
          sinceYield = 0;
          opts.onProgress?.(count);
          await pause();
          if (opts.signal?.aborted) return count;
          // Moved or removed meanwhile: what it still holds is no longer at `folderRel`.
          if (!stillAt(folder.fd, place)) break;
        }
      }
    } finally {
      folder.close();
    }
  }
  opts.onProgress?.(count);
  return count;
}

/** A text file looked at (and read) through its descriptor. */
export interface TextRead {
  /** Its time and size, from the descriptor. */
  info: EntryInfo;
  /** Its text; undefined when not read (see `skipped`). */
  text?: string;
  /** Why the text was not read: the same time and size as known, too large, or binary. */
  skipped?: "unchanged" | "large" | "binary";
}

/**
 * The file at `rel`, opened without following a last link (O_NOFOLLOW; O_NONBLOCK, so that a
 * FIFO never holds the thread), checked to be exactly at its place (no component a link) and a
 * regular file, and read through that descriptor: undefined when it is gone, a link, not a
 * regular file or reached through a link. Its text is left unread when `unchanged` says so of
 * its time and size, when it is larger than `max` bytes or when it is binary (a NUL in its
 * first 8 KiB).
 */
export function readText(
  realRoot: string,
  rel: string,
  max: number,
  unchanged: (info: EntryInfo) => boolean = () => false,
): TextRead | undefined {
  const place = placeOf(realRoot, rel);
  let fd: number;
  try {
    fd = openSync(place, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (readlinkSync(fdPath(fd)) !== place) return undefined;
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const info = infoOfStats(st);
    if (st.size > max) return { info, skipped: "large" };
    if (unchanged(info)) return { info, skipped: "unchanged" };
    // One byte more than its size, at most `max + 1`: a file that grew past `max` is not read.
    const bytes = Buffer.allocUnsafe(Math.min(max, st.size) + 1);
    let length = 0;
    while (length < bytes.length) {
      const n = readSync(fd, bytes, length, bytes.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > max) return { info, skipped: "large" };
    const content = bytes.subarray(0, length);
    if (content.subarray(0, 8192).includes(0)) return { info, skipped: "binary" };
    return { info, text: content.toString("utf8") };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** True when `rel` is a regular file exactly at its place (no component of its path a link). */
export function isFileInPlace(realRoot: string, rel: string): boolean {
  const place = placeOf(realRoot, rel);
  try {
    const file = pinSync(place, { follow: false }, exactly(place));
    try {
      return fstatSync(file.fd).isFile();
    } finally {
      file.close();
    }
  } catch {
    return false;
  }
}
