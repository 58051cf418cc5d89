import { lstat, rename as osRename } from "node:fs/promises";
import path from "node:path";
import type { UserFs } from "./user-fs.js";
import { copyableSize, copyEntry } from "./copy-tree.js";
import { replacingWithVersion } from "./version-hook.js";

/** The rename used by moves; tests replace it to simulate a cross-device move. */
export type RenameFn = (from: string, to: string) => Promise<void>;

/** Errors of rename(2) after which a move copies instead. */
const COPY_INSTEAD = new Set(["EXDEV", "ENOTEMPTY", "EEXIST"]);

/**
 * Moves `src` to `dest` with rename(2) between the two checked folders (a link moves as a link).
 * Across filesystems (EXDEV), or onto an existing non-empty folder, it copies (staged, never
 * partial under the final name), checks the copied size, and only then deletes the source; if
 * anything fails the source is untouched.
 */
export async function moveEntry(
  fs: UserFs,
  src: string,
  srcUser: string,
  dest: string,
  replace: boolean,
  rename: RenameFn = osRename,
): Promise<void> {
  await fs.mkdir(path.dirname(dest));
  const existing = await fs.lstatOrNone(dest);
  if (existing && !replace)
    throw Object.assign(new Error("destination exists"), { code: "EEXIST" });
  // The real places of both ends: the moved entry's history follows it (version keeper).
  let places: [string, string] | undefined;
  const renamed = await fs.withEntry(src, (from, fromName) =>
    fs.withEntry(dest, async (to, toName) => {
      places = [path.join(from.real, fromName), path.join(to.real, toName)];
      try {
        // A file moved over a file: the replaced one becomes a version of the destination.
        const srcIsFile = (await lstat(from.child(fromName))).isFile();
        await (srcIsFile
          ? replacingWithVersion(fs.versions, to, toName, () =>
              rename(from.child(fromName), to.child(toName)),
            )
          : rename(from.child(fromName), to.child(toName)));
        return true;
      } catch (err) {
        if (COPY_INSTEAD.has((err as NodeJS.ErrnoException).code ?? "")) return false;
        throw err;
      }
    }),
  );
  // After the rename, the history's keys in one statement: a crash between leaves the history
  // at the old path (nothing lost: a file there again shows it).
  if (renamed) {
    if (places) await fs.versions.moved(...places);
    return;
  }
  const expected = await copyableSize(fs, src, srcUser, true);
  // Checked on the staged copy, before anything reaches the destination.
  await copyEntry(fs, src, srcUser, dest, replace, expected);
  if (places) await fs.versions.moved(...places);
  await fs.remove(src);
}
