import { createWriteStream } from "node:fs";
import {
  copyFile,
  lstat,
  mkdir,
  readdir,
  rename,
  rm,
  stat,
  symlink,
  utimes,
} from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { conflict } from "../../errors.js";
import { checkLinkTarget, entryPath, refused, type Tracker } from "./policy.js";

/** Entry metadata the readers pass on. */
export interface EntryMeta {
  mode?: number;
  mtime?: Date;
}

/**
 * The hidden staging folder an archive is extracted into before anything reaches the
 * destination. It refuses unsafe names, duplicates and files beneath links; it never writes
 * through a link because links are created last, after every file is in place; and it counts
 * entries and bytes against the limits. `allowed` (the user's rules and hidden-file check on the
 * destination path) leaves entries out together with everything beneath them.
 */
export function createStaging(root: string, tracker: Tracker, allowed: (rel: string) => boolean) {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const links = new Map<string, string>();
  const taken = (rel: string) => files.has(rel) || dirs.has(rel) || links.has(rel);
  const abs = (rel: string) => path.join(root, ...rel.split("/"));

  /** The entry's path, or undefined when it is the root or the user may not see it. */
  function accept(name: string): string | undefined {
    tracker.entry();
    const rel = entryPath(name);
    if (rel === undefined) return undefined;
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
      dirs.add(dir);
    }
    await mkdir(path.dirname(abs(rel)), { recursive: true });
  }

  const duplicate = (rel: string) => refused(`the entry "${rel}" appears twice`);

  async function setTimes(rel: string, meta: EntryMeta): Promise<void> {
    if (meta.mtime && !Number.isNaN(meta.mtime.getTime())) {
      await utimes(abs(rel), meta.mtime, meta.mtime).catch(() => undefined);
    }
  }

  return {
    root,
    accept,

    async dir(name: string, meta: EntryMeta = {}): Promise<void> {
      const rel = accept(name);
      if (rel === undefined) return;
      if (files.has(rel) || links.has(rel)) throw duplicate(rel);
      await parents(rel);
      dirs.add(rel);
      await mkdir(abs(rel), { recursive: true });
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
      await pipeline(input, counter, createWriteStream(abs(rel), { flags: "wx", mode }));
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
      tracker.bytes((await stat(abs(source))).size);
      files.add(rel);
      await copyFile(abs(source), abs(rel));
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
        await symlink(target, abs(rel));
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

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

/** The names that already exist in the destination folder. */
export async function existingIn(dest: string, names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) if (await exists(path.join(dest, name))) found.push(name);
  return found;
}

/**
 * Moves the staged entries into the destination with renames on the same filesystem. With
 * `override`, existing files are replaced and folders merged; without, an entry that appeared
 * meanwhile is a conflict (409).
 */
export async function placeInto(staged: string, dest: string, override: boolean): Promise<void> {
  for (const name of await readdir(staged)) {
    const from = path.join(staged, name);
    const to = path.join(dest, name);
    const existing = await lstat(to).catch(() => undefined);
    if (!existing) {
      await rename(from, to);
      continue;
    }
    if (!override) throw conflict(`"${name}" already exists in the destination`);
    const incoming = await lstat(from);
    if (incoming.isDirectory() && existing.isDirectory()) {
      await placeInto(from, to, override);
    } else {
      await rm(to, { recursive: true, force: true });
      await rename(from, to);
    }
  }
}
