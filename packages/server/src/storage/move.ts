import { lstat, mkdir, rename as osRename, rm } from "node:fs/promises";
import path from "node:path";
import type { UserFs } from "./user-fs.js";
import { copyableSize, copyEntry } from "./copy-tree.js";

/** The rename used by moves; tests replace it to simulate a cross-device move. */
export type RenameFn = (from: string, to: string) => Promise<void>;

/**
 * Moves `src` to `dest` with rename(2). Across filesystems (EXDEV), or onto an existing
 * non-empty folder, it copies (staged, never partial under the final name), checks the copied
 * size, and only then deletes the source; if anything fails the source is untouched.
 */
export async function moveEntry(
  fs: UserFs,
  src: string,
  srcUser: string,
  dest: string,
  replace: boolean,
  rename: RenameFn = osRename,
): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  const existing = await lstat(dest).catch(() => undefined);
  if (existing && !replace)
    throw Object.assign(new Error("destination exists"), { code: "EEXIST" });
  try {
    await rename(src, dest);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "ENOTEMPTY" && code !== "EEXIST") throw err;
  }
  const expected = await copyableSize(fs, src, srcUser, true);
  // Checked on the staged copy, before anything reaches the destination.
  await copyEntry(fs, src, srcUser, dest, replace, expected);
  await rm(src, { recursive: true });
}
