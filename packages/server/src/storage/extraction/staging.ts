import path from "node:path";
import type { Readable } from "node:stream";
import { PATH_MAX, type Pinned } from "../descriptor.js";
import {
  checkLinkTarget,
  entryPath,
  refused,
  resolveThroughLinks,
  shown,
  type Tracker,
} from "./policy.js";
import { createStagedFolders } from "./staged-folders.js";
import { stagedWrites, type EntryMeta, type StagedWrites } from "./staged-writes.js";

export type { EntryMeta } from "./staged-writes.js";
export { existingIn, placeInto } from "./place-into.js";

/**
 * The entry's path, or undefined when it is the root or the user may not see it (nor anything
 * above it); counted against the limits.
 */
function acceptEntry(
  name: string,
  stagingReal: string,
  tracker: Tracker,
  allowed: (rel: string) => boolean,
): string | undefined {
  tracker.entry();
  const rel = entryPath(name);
  if (rel === undefined) return undefined;
  // Longer than a path the system can name (staged one name at a time, it could be made, but
  // nothing could open it by its path afterwards).
  if (Buffer.byteLength(path.join(stagingReal, rel)) >= PATH_MAX)
    throw refused(`the entry "${shown(rel)}" has a path too long for this system`);
  const parts = rel.split("/");
  for (let i = 1; i <= parts.length; i++) {
    if (!allowed(parts.slice(0, i).join("/"))) return undefined;
  }
  return rel;
}

/** What is staged where, by relative path: files, folders, and the links made at the end. */
function stagedTree(write: StagedWrites) {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const links = new Map<string, string>();
  const taken = (rel: string) => files.has(rel) || dirs.has(rel) || links.has(rel);
  const duplicate = (rel: string) => refused(`the entry "${rel}" appears twice`);

  /** Makes the folder `rel` once (already made: nothing to do). */
  async function makeDir(rel: string): Promise<void> {
    if (dirs.has(rel)) return;
    await write.folder(rel);
    dirs.add(rel);
  }

  /** Makes the parent folders of `rel`, refusing a path beneath a file or a link. */
  async function parents(rel: string): Promise<void> {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (files.has(dir) || links.has(dir)) {
        throw refused(`the entry "${rel}" lies beneath the file or link "${dir}"`);
      }
      await makeDir(dir);
    }
  }

  /** Claims `rel` for a new file (its parents made), refusing a duplicate. */
  async function claimFile(rel: string): Promise<void> {
    if (taken(rel)) throw duplicate(rel);
    await parents(rel);
    files.add(rel);
  }

  return { files, dirs, links, taken, duplicate, makeDir, parents, claimFile };
}

/**
 * The hidden staging folder an archive is extracted into before anything reaches the
 * destination, held open as `folder`. It refuses unsafe names, duplicates and files beneath
 * links; it never writes through a link because links are created last, after every file is in
 * place, and because every entry is made inside a folder reached from the staging folder one
 * name at a time without following a link (a program that swaps a staged folder for a link
 * makes the extraction fail, never write elsewhere: staged-writes.ts); and it counts entries and
 * bytes against the limits. `allowed` (the user's rules and hidden-file check on the destination
 * path) leaves entries out together with everything beneath them.
 */
export function createStaging(folder: Pinned, tracker: Tracker, allowed: (rel: string) => boolean) {
  const folders = createStagedFolders(folder);
  const write = stagedWrites(folders, tracker);
  const { files, dirs, links, taken, duplicate, makeDir, parents, claimFile } = stagedTree(write);
  const accept = (name: string) => acceptEntry(name, folder.real, tracker, allowed);

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
      await makeDir(rel);
      await write.times(rel, meta);
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
      await claimFile(rel);
      const input = typeof source === "function" ? await source() : source;
      await write.file(rel, input, meta);
      await write.times(rel, meta);
    },

    /**
     * Claims a file path for a reader that writes the file itself (unrar); returns its path
     * inside the staging folder, or undefined when the entry is left out.
     */
    async reserveFile(name: string): Promise<string | undefined> {
      const rel = accept(name);
      if (rel === undefined) return undefined;
      await claimFile(rel);
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
      await claimFile(rel);
      await write.copy(source, rel);
      await write.times(rel, meta);
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
        await write.link(rel, target);
      }
    },
  };
}

export type Staging = ReturnType<typeof createStaging>;
