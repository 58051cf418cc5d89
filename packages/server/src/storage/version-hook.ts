import { constants, type Stats } from "node:fs";
import { copyFile, link, lstat, open, unlink } from "node:fs/promises";
import { fdPath, type Pinned } from "./descriptor.js";

/** What a write says of itself to the version keeper. */
export interface WriteKind {
  /** A file an edition tool writes (kept only in the folders the settings name). */
  tool?: boolean;
}

/** A version being made: `done` once the new content is in place, `cancel` when it never was. */
export interface VersionTicket {
  done(): void;
  cancel(): Promise<void>;
}

/**
 * The version keeper as the files layer sees it (features/versions implements it): called just
 * before an existing regular file is replaced, and after entries are moved.
 */
export interface VersionHook {
  /**
   * Keeps the content of `name` of `folder` (a regular file, `info` its lstat) before it is
   * replaced; undefined when the settings keep none of it.
   */
  beforeReplace(
    folder: Pinned,
    name: string,
    info: Stats,
    actor: string,
    kind: WriteKind,
  ): Promise<VersionTicket | undefined>;
  /** Whether a file of `size` bytes replaced by an ordinary write would keep a version. */
  wouldKeep(size: number): Promise<boolean>;
  /** After `fromReal` (a file or a folder) was renamed to `toReal`: its history follows it. */
  moved(fromReal: string, toReal: string): Promise<void>;
  /** After `real` (a file or a folder) was removed for good: its history goes too. */
  removed(real: string): Promise<void>;
}

/** The hook bound to who writes: what the files layer of a view calls. */
export interface BoundVersions {
  beforeReplace(folder: Pinned, name: string, kind?: WriteKind): Promise<VersionTicket | undefined>;
  moved(fromReal: string, toReal: string): Promise<void>;
  removed(real: string): Promise<void>;
}

/** Binds a hook to the username of who writes through a view. */
export function bindVersions(hook: VersionHook | undefined, actor: string): BoundVersions {
  return {
    async beforeReplace(folder, name, kind = {}) {
      if (!hook) return undefined;
      const info = await lstat(folder.child(name)).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return hook.beforeReplace(folder, name, info, actor, kind);
    },
    moved: (fromReal, toReal) => (hook ? hook.moved(fromReal, toReal) : Promise.resolve()),
    removed: (real) => (hook ? hook.removed(real) : Promise.resolve()),
  };
}

/** No versions: what views without a keeper use. */
export const NO_VERSIONS: BoundVersions = bindVersions(undefined, "");

/**
 * Runs `replace` (the rename that puts a new entry at `name`) with the old content of `name`
 * kept first when it is a regular file: the name never disappears, the version is made after.
 */
export async function replacingWithVersion<T>(
  versions: BoundVersions,
  folder: Pinned,
  name: string,
  replace: () => Promise<T>,
  kind?: WriteKind,
): Promise<T> {
  const ticket = await versions.beforeReplace(folder, name, kind);
  let result: T;
  try {
    result = await replace();
  } catch (err) {
    await ticket?.cancel();
    throw err;
  }
  ticket?.done();
  return result;
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Puts the regular file `name` of `folder` (lstat `info`) at `spoolPath` without touching it:
 * a hard link (link(2) never follows a link at the name), or across filesystems a copy read
 * through a descriptor opened without following links (a copy-on-write clone where the
 * filesystem offers it), fsynced. The spooled entry is checked to be that same regular file
 * (or a complete copy of it); false when it is not (it is removed).
 */
export async function spoolFile(
  folder: Pinned,
  name: string,
  info: Stats,
  spoolPath: string,
): Promise<boolean> {
  try {
    await link(folder.child(name), spoolPath);
    const linked = await lstat(spoolPath);
    if (linked.isFile() && linked.ino === info.ino && linked.dev === info.dev) return true;
    await unlink(spoolPath).catch(() => undefined);
    return false;
  } catch (err) {
    if (codeOf(err) !== "EXDEV" && codeOf(err) !== "EPERM") throw err;
  }
  const source = await open(folder.child(name), constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const opened = await source.stat();
    if (!opened.isFile() || opened.ino !== info.ino) return false;
    await copyFile(fdPath(source.fd), spoolPath, constants.COPYFILE_FICLONE);
    const copy = await open(spoolPath, constants.O_RDONLY);
    try {
      await copy.sync();
    } finally {
      await copy.close();
    }
    return true;
  } catch (err) {
    await unlink(spoolPath).catch(() => undefined);
    throw err;
  } finally {
    await source.close();
  }
}
