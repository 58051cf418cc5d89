import { lstat, readdir, rename } from "node:fs/promises";
import { conflict } from "../../errors.js";
import { withChild, type Pinned } from "../descriptor.js";
import { removeIn } from "../remove-tree.js";
import { NO_VERSIONS, replacingWithVersion, type BoundVersions } from "../version-hook.js";

/** The names that already exist in the destination folder (held open). */
export async function existingIn(dest: Pinned, names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    const there = await lstat(dest.child(name)).then(
      () => true,
      () => false,
    );
    if (there) found.push(name);
  }
  return found;
}

const OWN_FOLDER = { dir: true } as const;

/**
 * Moves the staged entries into the destination with renames between folders held open. With
 * `override`, existing files are replaced and folders merged (a link in the destination is
 * replaced, never entered); without, an entry that appeared meanwhile is a conflict (409).
 */
export async function placeInto(
  staged: Pinned,
  dest: Pinned,
  override: boolean,
  versions: BoundVersions = NO_VERSIONS,
): Promise<void> {
  for (const name of await readdir(staged.at)) {
    const existing = await lstat(dest.child(name)).catch(() => undefined);
    if (!existing) {
      await rename(staged.child(name), dest.child(name));
      continue;
    }
    if (!override) throw conflict(`"${name}" already exists in the destination`);
    const incoming = await lstat(staged.child(name));
    if (incoming.isDirectory() && existing.isDirectory()) {
      await withChild(staged, name, OWN_FOLDER, (from) =>
        withChild(dest, name, OWN_FOLDER, (to) => placeInto(from, to, override, versions)),
      );
    } else if (existing.isFile() && incoming.isFile()) {
      // A file over a file: the replaced one becomes a version, the name never goes missing.
      await replacingWithVersion(versions, dest, name, () =>
        rename(staged.child(name), dest.child(name)),
      );
    } else {
      await removeIn(dest, name, { force: true });
      await rename(staged.child(name), dest.child(name));
    }
  }
}
