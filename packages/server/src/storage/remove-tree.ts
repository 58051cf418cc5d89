import { lstat, readdir, rmdir, unlink } from "node:fs/promises";
import { withChild, type Pinned } from "./descriptor.js";

const gone = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
const notAFolder = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOTDIR" || code === "ELOOP";
};

/** Times a folder that keeps getting new entries is emptied again before giving up. */
const EMPTY_TRIES = 3;

/**
 * Removes the entry `name` of the pinned `folder` and, for a folder, everything below it. Every
 * step works inside a descriptor: a link is removed, never followed, and a folder swapped for a
 * link halfway is removed as a link. Nothing outside `folder` can be reached. With `force`, an
 * entry already gone is not an error.
 */
export async function removeIn(
  folder: Pinned,
  name: string,
  opts: { force?: boolean } = {},
): Promise<void> {
  const at = folder.child(name);
  let isDir: boolean;
  try {
    isDir = (await lstat(at)).isDirectory();
  } catch (err) {
    if (opts.force && gone(err)) return;
    throw err;
  }
  if (!isDir) {
    await unlink(at).catch((err: unknown) => {
      if (!(opts.force && gone(err))) throw err;
    });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await withChild(folder, name, { dir: true }, async (inner) => {
        for (const child of await readdir(inner.at)) await removeIn(inner, child, { force: true });
      });
    } catch (err) {
      if (gone(err)) return;
      // Swapped for a link or a file since the lstat: that is what goes.
      if (notAFolder(err)) return removeIn(folder, name, { force: true });
      throw err;
    }
    try {
      await rmdir(at);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code === "ENOTDIR") return removeIn(folder, name, { force: true });
      if (code !== "ENOTEMPTY" || attempt >= EMPTY_TRIES) throw err;
    }
  }
}
