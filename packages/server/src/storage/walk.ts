import type { Stats } from "node:fs";
import path from "node:path";
import { AppError } from "../errors.js";
import type { FastifyBaseLogger } from "fastify";
import { STAGING_SUFFIX } from "./atomic-write.js";
import type { UserFs } from "./user-fs.js";

/** One file or folder to put in an archive. */
export interface ArchiveEntry {
  /** Name inside the archive: relative, "/"-separated, no "..", no backslashes. */
  name: string;
  abs: string;
  kind: "file" | "dir";
  stats: Stats;
}

/** A selected item: a user path resolved through user-fs, and its name in the archive ("" = root). */
export interface SelectedItem {
  userPath: string;
  abs: string;
  name: string;
}

/** Backslashes would be separators for Windows extractors: they never reach an entry name. */
const safeComponent = (name: string) => name.replace(/\\/g, "_");

/** Gone, or no longer a folder: left out without a log line. */
const quiet = (err: unknown) =>
  err instanceof AppError && (err.code === "NOT_FOUND" || err.code === "NOT_A_FOLDER");

/**
 * Walks the selection depth-first in name order, through the view's link-safe operations (each
 * folder and file checked on its descriptor when it is read, so a link swapped in meanwhile
 * leads nowhere outside). Every child goes through the user's rules and hidden-file check
 * (denied subtrees are skipped), links are followed only inside the scope,
 * folders already being walked (link loops) are skipped by real path, sockets, pipes and
 * devices are skipped, and an entry that fails is logged and left out.
 */
export async function* walkSelection(
  fs: UserFs,
  items: readonly SelectedItem[],
  log: FastifyBaseLogger,
): AsyncGenerator<ArchiveEntry> {
  const emitted = new Set<string>();
  const ancestors = new Set<string>();

  async function* visit(userPath: string, abs: string, name: string): AsyncGenerator<ArchiveEntry> {
    let stats: Stats;
    try {
      stats = await fs.stat(abs);
    } catch (err) {
      if (!quiet(err)) log.warn({ err, path: userPath }, "archive entry skipped");
      return;
    }
    if (stats.isFile()) {
      if (name !== "" && !emitted.has(name)) {
        emitted.add(name);
        yield { name, abs, kind: "file", stats };
      }
      return;
    }
    if (!stats.isDirectory()) return;
    let real: string;
    let children: string[];
    try {
      real = await fs.realpath(abs);
      if (ancestors.has(real)) return;
      children = (await fs.readdir(abs)).sort();
    } catch (err) {
      log.warn({ err, path: userPath }, "archive folder skipped");
      return;
    }
    if (name !== "" && !emitted.has(name + "/")) {
      emitted.add(name + "/");
      yield { name, abs, kind: "dir", stats };
    }
    ancestors.add(real);
    try {
      for (const child of children) {
        if (child.endsWith(STAGING_SUFFIX)) continue;
        const childUser = fs.child(userPath, child);
        if (!fs.allowed(childUser)) continue;
        const childAbs = path.join(abs, child);
        const own = await fs.lstatOrNone(childAbs);
        if (!own) continue;
        if (own.isSymbolicLink()) {
          if (!(await fs.containsReal(childAbs).catch(() => false))) continue;
        } else if (!own.isFile() && !own.isDirectory()) continue;
        const childName = name === "" ? safeComponent(child) : `${name}/${safeComponent(child)}`;
        yield* visit(childUser, childAbs, childName);
      }
    } finally {
      ancestors.delete(real);
    }
  }

  for (const item of items) yield* visit(item.userPath, item.abs, item.name);
}
