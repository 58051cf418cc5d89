import {
  link,
  lstat,
  mkdir,
  readdir,
  readlink,
  realpath,
  rename as osRename,
  rmdir,
  symlink,
  unlink,
} from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";
import { isInside } from "../lib/safe-path.js";
import { stagingNameFor } from "./atomic-write.js";
import { copyAcross } from "./copy-tree.js";
import { assertName, exactly, withChild, withPin, type Pinned } from "./descriptor.js";
import type { RenameFn } from "./move.js";
import { removeIn } from "./remove-tree.js";
import type { UserFs } from "./user-fs.js";

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code;
const ignoreExisting = (err: unknown) => {
  if (codeOf(err) !== "EEXIST") throw err;
};

/** Bytes of the files of an entry of a pinned folder (links counted as nothing, never followed). */
async function sizeIn(folder: Pinned, name: string): Promise<number> {
  const info = await lstat(folder.child(name));
  if (!info.isDirectory()) return info.isFile() ? info.size : 0;
  return withChild(folder, name, { dir: true }, async (inner) => {
    let total = 0;
    for (const child of await readdir(inner.at)) total += await sizeIn(inner, child);
    return total;
  });
}

/** An EEXIST error, as link(2) gives for a taken name. */
function nameTaken(target: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EEXIST: the name is taken, ${target}`), {
    code: "EEXIST",
    errno: -17,
  });
}

/**
 * Puts the entry `fromName` of `from` at `toName` of `to`, never over anything there: a file by
 * link(2) then unlink (EEXIST when the name is taken); a folder by one rename(2) once the name
 * is found free. A name taken in between by a file, a link or a folder with content makes the
 * rename fail (EEXIST then too); only an empty folder made in that instant would be renamed
 * over. There is no step where the destination exists apart from the content, so a crash
 * leaves the folder either in the trash or in its place. Errno errors are thrown as they are
 * (EXDEV across filesystems).
 */
async function placeExclusive(from: Pinned, fromName: string, to: Pinned, toName: string) {
  const source = from.child(fromName);
  const target = to.child(toName);
  if (!(await lstat(source)).isDirectory()) {
    await link(source, target);
    await unlink(source);
    return;
  }
  const taken = await lstat(target).then(
    () => true,
    (err: unknown) => {
      if (codeOf(err) === "ENOENT") return false;
      throw err;
    },
  );
  if (taken) throw nameTaken(target);
  try {
    await osRename(source, target);
  } catch (err) {
    const code = codeOf(err);
    if (code === "ENOTEMPTY" || code === "ENOTDIR" || code === "EISDIR" || code === "EEXIST")
      throw nameTaken(target);
    throw err;
  }
}

/** A link copied as a link (across filesystems). */
async function copyLink(from: string, to: string): Promise<void> {
  await symlink(await readlink(from), to);
}

/**
 * The entry `abs` of a view into the pinned item folder: one rename, or across filesystems a
 * staged, fsynced copy renamed to its name (the source's removal is returned, to run once the
 * item is recorded).
 */
async function moveInto(rename: RenameFn, fs: UserFs, abs: string, userPath: string, item: Pinned) {
  let name = "";
  const renamed = await fs.withEntry(abs, async (folder, entry) => {
    name = entry;
    try {
      await rename(folder.child(entry), item.child(entry));
      return true;
    } catch (err) {
      if (codeOf(err) === "EXDEV") return false;
      throw err;
    }
  });
  // Once the entry is in the trash nothing may fail: an unreadable size counts as 0.
  const size = () => sizeIn(item, name).catch(() => 0);
  if (renamed) return { size: await size(), removeSource: undefined };
  const staging = stagingNameFor(name);
  try {
    const info = await fs.lstat(abs);
    if (info.isSymbolicLink()) {
      await fs.withEntry(abs, (folder, entry) =>
        copyLink(folder.child(entry), item.child(staging)),
      );
    } else {
      await copyAcross(await fs.place(), fs.rulesAllow, abs, userPath, item, staging);
    }
    await item.handle.sync().catch(() => undefined);
    await osRename(item.child(staging), item.child(name));
  } catch (err) {
    await removeIn(item, staging, { force: true });
    throw err;
  }
  return { size: await size(), removeSource: () => fs.remove(abs) };
}

/** The entry `name` of the pinned item folder to `destAbs` of a view, never over anything. */
async function moveOutOf(fs: UserFs, item: Pinned, name: string, destAbs: string): Promise<void> {
  await fs.withEntry(destAbs, async (folder, destName) => {
    try {
      await placeExclusive(item, name, folder, destName);
      return;
    } catch (err) {
      if (codeOf(err) !== "EXDEV") throw err;
    }
    const staging = stagingNameFor(destName);
    try {
      if ((await lstat(item.child(name))).isSymbolicLink()) {
        await copyLink(item.child(name), folder.child(staging));
      } else {
        const inside = (real: string) => isInside(item.real, real);
        await copyAcross(inside, () => true, item.child(name), "/", folder, staging);
      }
      await placeExclusive(folder, staging, folder, destName);
    } catch (err) {
      await removeIn(folder, staging, { force: true });
      throw err;
    }
    await removeIn(item, name);
  });
}

/**
 * The trash folder (`<data>/trash`, outside every scope): item `<userId>/<id>` holds the deleted
 * entry under its own name. Moves in and out go between a folder of a user's view checked by
 * descriptor and the item's folder, pinned exactly where it must be (no link on the way): one
 * rename on the same filesystem; across filesystems a staged, fsynced copy placed under its
 * final name before the source goes. Restores never replace an existing entry.
 */
export function createTrashBin(opts: { dir: string; filesRoot: string; rename?: RenameFn }) {
  const rename = opts.rename ?? osRename;
  let top: Promise<string> | undefined;
  const realTop = () =>
    (top ??= (async () => {
      await mkdir(opts.dir, { recursive: true, mode: 0o700 });
      const real = await realpath(opts.dir);
      const files = await realpath(opts.filesRoot).catch(() => path.resolve(opts.filesRoot));
      if (isInside(files, real) || isInside(real, files))
        throw new Error("The trash folder must lie outside the files folder");
      return real;
    })());

  const partsOf = (stored: string) => {
    const [user = "", id = "", ...rest] = stored.split("/");
    if (rest.length) throw new AppError("BAD_REQUEST", "Invalid trash item");
    return [assertName(user), assertName(id)] as const;
  };

  async function withItem<T>(stored: string, create: boolean, use: (item: Pinned) => Promise<T>) {
    const real = await realTop();
    const [user, id] = partsOf(stored);
    if (create) {
      await mkdir(path.join(real, user), 0o700).catch(ignoreExisting);
      await mkdir(path.join(real, user, id), 0o700);
    }
    const at = path.join(real, user, id);
    return withPin(at, { follow: false, dir: true }, exactly(at), use);
  }

  async function withUserFolder<T>(user: string, use: (folder: Pinned) => Promise<T>) {
    const at = path.join(await realTop(), assertName(user));
    return withPin(at, { follow: false, dir: true }, exactly(at), use);
  }

  return {
    /**
     * Moves the entry `abs` of a view into the new item `stored`. Returns its size and, after a
     * copy across filesystems, the removal of the source still to be done (the caller records
     * the item first, so that a crash leaves the copy known).
     */
    async moveIn(fs: UserFs, abs: string, userPath: string, stored: string) {
      return withItem(stored, true, (item) => moveInto(rename, fs, abs, userPath, item));
    },

    /**
     * Moves the content of item `stored` (the entry `name`) to `destAbs` of a view, never over
     * an existing entry (EEXIST: the caller tries another name).
     */
    async moveOut(fs: UserFs, stored: string, name: string, destAbs: string): Promise<void> {
      await withItem(stored, false, (item) => moveOutOf(fs, item, name, destAbs));
    },

    /** Whether item `stored` holds its entry `name` (complete: copies are staged). */
    async holds(stored: string, name: string): Promise<boolean> {
      try {
        return await withItem(stored, false, async (item) => {
          await lstat(item.child(name));
          return true;
        });
      } catch (err) {
        if (codeOf(err) === "ENOENT" || codeOf(err) === "ENOTDIR") return false;
        throw err;
      }
    },

    /** The size of what item `stored` holds under `name`. */
    sizeOf: (stored: string, name: string) => withItem(stored, false, (item) => sizeIn(item, name)),

    /** Removes item `stored` with its content (nothing there: nothing to do). */
    async remove(stored: string): Promise<void> {
      const [user, id] = partsOf(stored);
      await withUserFolder(user, (folder) => removeIn(folder, id, { force: true })).catch(
        (err: unknown) => {
          if (codeOf(err) !== "ENOENT") throw err;
        },
      );
    },

    /** Removes every item of a user. */
    async removeUser(userId: number): Promise<void> {
      const real = await realTop();
      await withPin(real, { follow: false, dir: true }, exactly(real), (folder) =>
        removeIn(folder, String(userId), { force: true }),
      );
    },

    /** Every item folder there is, as `<userId>/<id>`. */
    async items(): Promise<string[]> {
      const real = await realTop();
      const found: string[] = [];
      for (const user of await readdir(real)) {
        const ids = await withUserFolder(user, (folder) => readdir(folder.at)).catch(() => []);
        if (ids.length === 0) await rmdir(path.join(real, user)).catch(() => undefined);
        for (const id of ids) found.push(`${user}/${id}`);
      }
      return found;
    },
  };
}

export type TrashBin = ReturnType<typeof createTrashBin>;
