import { constants } from "node:fs";
import { copyFile, lstat, mkdir, readdir, rename, symlink, utimes } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { conflict } from "../../errors.js";
import { createExclusive, ownWriteStream } from "../atomic-write.js";
import { fdPath, PATH_MAX, reopen, withChild, type Pinned } from "../descriptor.js";
import { removeIn } from "../remove-tree.js";
import { checkLinkTarget, entryPath, refused, type Tracker } from "./policy.js";
import { createStagedFolders } from "./staged-folders.js";

/** Entry metadata the readers pass on. */
export interface EntryMeta {
  mode?: number;
  mtime?: Date;
}

/**
 * The hidden staging folder an archive is extracted into before anything reaches the
 * destination, held open as `folder`. It refuses unsafe names, duplicates and files beneath
 * links; it never writes through a link because links are created last, after every file is in
 * place, and because every entry is made inside a folder reached from the staging folder one
 * name at a time without following a link (a program that swaps a staged folder for a link
 * makes the extraction fail, never write elsewhere); and it counts entries and bytes against the
 * limits. `allowed` (the
 * user's rules and hidden-file check on the destination path) leaves entries out together with
 * everything beneath them.
 */
export function createStaging(folder: Pinned, tracker: Tracker, allowed: (rel: string) => boolean) {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const links = new Map<string, string>();
  const taken = (rel: string) => files.has(rel) || dirs.has(rel) || links.has(rel);
  const folders = createStagedFolders(folder);
  const split = (rel: string) => ({ dir: path.posix.dirname(rel), name: path.posix.basename(rel) });
  /** Runs `use` on the staged folder `rel`, reached one name at a time (never through a link). */
  const inFolder = async <T>(rel: string, use: (dir: Pinned) => Promise<T>): Promise<T> =>
    use(await folders.get(rel));
  /** Runs `use` on the staged entry `rel` itself (a file or folder, never a link). */
  const atEntry = async <T>(rel: string, use: (entry: Pinned) => Promise<T>): Promise<T> => {
    const { dir, name } = split(rel);
    return withChild(await folders.get(dir), name, {}, use);
  };

  /** The entry's path, or undefined when it is the root or the user may not see it. */
  function accept(name: string): string | undefined {
    tracker.entry();
    const rel = entryPath(name);
    if (rel === undefined) return undefined;
    // Longer than a path the system can name (staged one name at a time, it could be made, but
    // nothing could open it by its path afterwards).
    if (Buffer.byteLength(path.join(folder.real, rel)) >= PATH_MAX)
      throw refused(`the entry "${shown(rel)}" has a path too long for this system`);
    const parts = rel.split("/");
    for (let i = 1; i <= parts.length; i++) {
      if (!allowed(parts.slice(0, i).join("/"))) return undefined;
    }
    return rel;
  }

  /** Registers the parent folders of `rel`, refusing a path beneath a file or a link. */
  async function parents(rel: string): Promise<void> {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (files.has(dir) || links.has(dir)) {
        throw refused(`the entry "${rel}" lies beneath the file or link "${dir}"`);
      }
      if (!dirs.has(dir)) {
        const { dir: above, name } = split(dir);
        await inFolder(above, (parent) =>
          mkdir(parent.child(name)).catch((err: unknown) => {
            if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
          }),
        );
        dirs.add(dir);
      }
    }
  }

  const duplicate = (rel: string) => refused(`the entry "${rel}" appears twice`);

  async function setTimes(rel: string, meta: EntryMeta): Promise<void> {
    const mtime = meta.mtime;
    if (mtime && !Number.isNaN(mtime.getTime())) {
      await atEntry(rel, (entry) => utimes(entry.at, mtime, mtime)).catch(() => undefined);
    }
  }

  return {
    /** The staging folder, held open. */
    folder,
    /** Closes the staged folders this staging kept open (the staging folder stays the caller's). */
    close: () => folders.close(),
    accept,

    async dir(name: string, meta: EntryMeta = {}): Promise<void> {
      const rel = accept(name);
      if (rel === undefined) return;
      if (files.has(rel) || links.has(rel)) throw duplicate(rel);
      await parents(rel);
      if (!dirs.has(rel)) {
        const { dir, name } = split(rel);
        await inFolder(dir, (parent) =>
          mkdir(parent.child(name)).catch((err: unknown) => {
            if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
          }),
        );
        dirs.add(rel);
      }
      await setTimes(rel, meta);
    },

    /**
     * Writes a file from `source` (a stream, or a function opening one when the entry is
     * kept); bytes count against the limits as they arrive.
     */
    async file(
      name: string,
      source: Readable | (() => Promise<Readable>),
      meta: EntryMeta = {},
    ): Promise<void> {
      const rel = accept(name);
      if (rel === undefined) {
        if (typeof source !== "function") source.resume();
        return;
      }
      if (taken(rel)) throw duplicate(rel);
      await parents(rel);
      files.add(rel);
      const input = typeof source === "function" ? await source() : source;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          try {
            tracker.bytes(chunk.length);
            done(null, chunk);
          } catch (err) {
            done(err as Error);
          }
        },
      });
      const mode = meta.mode !== undefined ? (meta.mode & 0o777) | 0o600 : 0o644;
      const at = split(rel);
      await inFolder(at.dir, async (parent) => {
        const handle = await createExclusive(parent, at.name, mode);
        try {
          await pipeline(input, counter, ownWriteStream(handle));
        } finally {
          await handle.close();
        }
      });
      await setTimes(rel, meta);
    },

    /**
     * Claims a file path for a reader that writes the file itself (unrar); returns its path
     * inside the staging folder, or undefined when the entry is left out.
     */
    async reserveFile(name: string): Promise<string | undefined> {
      const rel = accept(name);
      if (rel === undefined) return undefined;
      if (taken(rel)) throw duplicate(rel);
      await parents(rel);
      files.add(rel);
      return rel;
    },

    /** A symbolic link, created at the end; its target must stay inside the archive. */
    link(name: string, target: string): void {
      const rel = accept(name);
      if (rel === undefined) return;
      checkLinkTarget(rel, target);
      if (taken(rel)) throw duplicate(rel);
      links.set(rel, target);
    },

    /** A hard link (tar): a copy of a file extracted before it. */
    async hardLink(name: string, target: string, meta: EntryMeta = {}): Promise<void> {
      const rel = accept(name);
      if (rel === undefined) return;
      const source = entryPath(target);
      if (source === undefined || !files.has(source)) {
        throw refused(`the hard link "${rel}" points to "${target}", not to a file of the archive`);
      }
      if (taken(rel)) throw duplicate(rel);
      await parents(rel);
      files.add(rel);
      await atEntry(source, async (from) => {
        const reader = await reopen(from, constants.O_RDONLY | constants.O_NONBLOCK);
        try {
          const info = await reader.stat();
          if (!info.isFile()) throw refused(`the hard link "${rel}" does not point to a file`);
          tracker.bytes(info.size);
          const at = split(rel);
          await inFolder(at.dir, async (parent) => {
            const writer = await createExclusive(parent, at.name, 0o600);
            try {
              await copyFile(fdPath(reader.fd), fdPath(writer.fd));
              await writer.chmod(info.mode & 0o7777);
            } finally {
              await writer.close();
            }
          });
        } finally {
          await reader.close();
        }
      });
      await setTimes(rel, meta);
    },

    /**
     * Creates the links, refusing any that files or folders were extracted beneath, and any
     * whose full resolution (through the archive's other links) leaves the extraction folder.
     */
    async finish(): Promise<void> {
      for (const [rel, target] of links) {
        if (dirs.has(rel)) throw refused(`entries were extracted through the link "${rel}"`);
        if (resolveThroughLinks(links, rel, target) === undefined) {
          throw refused(`the link "${shown(rel)}" leads outside the archive through other links`);
        }
        await parents(rel);
        const at = split(rel);
        await inFolder(at.dir, (parent) => symlink(target, parent.child(at.name)));
      }
    },
  };
}

export type Staging = ReturnType<typeof createStaging>;

/** At most this many links are followed while resolving one (as the kernel's ELOOP bound). */
const MAX_HOPS = 40;

/**
 * Resolves the link `rel` → `target` as the kernel would once everything is in place, following
 * the archive's other links: the resolved path relative to the extraction folder, or undefined
 * when it climbs above that folder (or loops).
 */
export function resolveThroughLinks(
  links: ReadonlyMap<string, string>,
  rel: string,
  target: string,
): string | undefined {
  if (target.startsWith("/")) return undefined;
  const done: string[] = rel.split("/").slice(0, -1);
  const todo = target.split("/");
  let hops = 0;
  while (todo.length > 0) {
    const part = todo.shift() as string;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (done.length === 0) return undefined;
      done.pop();
      continue;
    }
    done.push(part);
    const through = links.get(done.join("/"));
    if (through === undefined) continue;
    if (++hops > MAX_HOPS || through.startsWith("/")) return undefined;
    done.pop();
    todo.unshift(...through.split("/"));
  }
  return done.join("/");
}

/** An entry name as shown in a message: long names are cut. */
export function shown(name: string): string {
  return name.length > 120 ? `${name.slice(0, 60)}…${name.slice(-40)}` : name;
}

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
export async function placeInto(staged: Pinned, dest: Pinned, override: boolean): Promise<void> {
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
        withChild(dest, name, OWN_FOLDER, (to) => placeInto(from, to, override)),
      );
    } else {
      await removeIn(dest, name, { force: true });
      await rename(staged.child(name), dest.child(name));
    }
  }
}
