import { lstatSync, readdirSync, readFileSync, realpathSync, type Dirent } from "node:fs";
import path from "node:path";
import { STAGING_SUFFIX } from "./atomic-write.js";

/** What an index keeps of one file or folder besides its name. */
export interface EntryInfo {
  isDir: boolean;
  size: number;
  /** Last modification, Unix milliseconds. */
  modified: number;
}

/** Entries read between two yields to the event loop: the server keeps answering. */
const BATCH = 4000;

/** Staged files of uploads and saves are never results. */
export const indexable = (name: string) => !name.endsWith(STAGING_SUFFIX);

/** What the index keeps of a path on disk (not following links); undefined when it is gone. */
export function infoOf(abs: string): EntryInfo | undefined {
  try {
    const st = lstatSync(abs);
    return { isDir: st.isDirectory(), size: st.size, modified: st.mtimeMs };
  } catch {
    return undefined;
  }
}

/**
 * True when `abs` is a folder inside `root` reached without following any link: its real path
 * is `root`'s real path plus the same components.
 */
export function isPlainFolderInside(root: string, abs: string): boolean {
  try {
    const rel = path.relative(root, abs);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return false;
    const real = realpathSync(abs);
    return real === path.join(realpathSync(root), rel) && lstatSync(real).isDirectory();
  } catch {
    return false;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Gives `put` everything below `rel` (a folder of `root`, "/" for the root), depth first,
 * links not followed, yielding to the event loop every BATCH entries. `onProgress` gets the
 * number of entries read so far; `signal` stops the walk.
 */
export async function walkTree(
  put: (rel: string, info: EntryInfo) => void,
  root: string,
  rel: string,
  opts: { onProgress?: (entries: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const stack = [rel];
  let count = 0;
  let sinceYield = 0;
  while (stack.length > 0) {
    if (opts.signal?.aborted) return count;
    const folder = stack.pop() ?? "/";
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!indexable(entry.name)) continue;
      const childRel = folder === "/" ? `/${entry.name}` : `${folder}/${entry.name}`;
      const info = infoOf(path.join(root, childRel));
      if (!info) continue;
      put(childRel, info);
      if (info.isDir) stack.push(childRel);
      count += 1;
      if (++sinceYield >= BATCH) {
        sinceYield = 0;
        opts.onProgress?.(count);
        await pause();
        if (opts.signal?.aborted) return count;
      }
    }
  }
  opts.onProgress?.(count);
  return count;
}

/** A text file's content, or undefined when it is gone, larger than `max` or binary (a NUL). */
export function readText(abs: string, max: number): string | undefined {
  try {
    const st = lstatSync(abs);
    if (!st.isFile() || st.size > max) return undefined;
    const bytes = readFileSync(abs);
    if (bytes.subarray(0, 8192).includes(0)) return undefined;
    return bytes.toString("utf8");
  } catch {
    return undefined;
  }
}
