import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { FileEvent } from "../../storage/events.js";
import type { EntryInfo } from "../../storage/tree-walk.js";
import { entryAt, indexable, pinFolder, realRootOf, walkTree } from "../../storage/tree-walk.js";
import type { NameIndex } from "./name-index.js";
import type { TextIndex } from "./text-index.js";

/**
 * Where the names are also kept, change by change, when they are shared (PostgreSQL's,
 * pg-name-index.ts); a whole walk is handed over at its end instead.
 */
export interface NameSink {
  put(rel: string, info: EntryInfo): void;
  removeUnder(rel: string): void;
}

/** The index in use, replaced whole by a reconcile walk, and what changed while one ran. */
export interface HeldIndex {
  index: NameIndex;
  /** Paths changed while a reconcile walk runs: applied again to its result. */
  changedDuringWalk?: Set<string>;
}

/** The `root`-relative path of an absolute one ("/"-separated), or undefined outside `root`. */
function relativeTo(root: string, abs: string): string | undefined {
  const rel = path.relative(root, path.resolve(abs));
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel === "" ? "/" : `/${rel.split(path.sep).join("/")}`;
}

/** What a file event of the app does to the index: paths to forget, paths to refresh. */
function applyFileEvent(
  event: FileEvent,
  relOf: (abs: string) => string | undefined,
  index: { refresh(rel: string): void; forget(rel: string): void },
): void {
  const from = relOf(event.abs);
  const to = event.to === undefined ? undefined : relOf(event.to);
  if (event.type === "moved" && from) index.forget(from);
  if (event.type === "moved" || event.type === "copied" || event.type === "extracted") {
    if (to) index.refresh(to);
    return;
  }
  if (event.type === "compiled") {
    if (to) index.refresh(to);
    if (from) index.refresh(from);
    return;
  }
  if (from) index.refresh(from);
}

/**
 * Brings paths of the name index (and the text index beside it) up to date with the disk under
 * `root`, each looked at through its folder opened exactly at its place (tree-walk.ts): what is
 * gone or reached through a link is forgotten, a folder is walked again.
 */
export function createIndexRefresh(
  held: HeldIndex,
  opts: {
    root: string;
    log: FastifyBaseLogger;
    text?: TextIndex;
    names?: NameSink;
    signal: AbortSignal;
  },
) {
  const { root, text, names } = opts;

  /** The root's real path, looked up once it exists: every place is checked against it. */
  let rootReal: string | undefined;
  function real(): string | undefined {
    if (rootReal === undefined) {
      try {
        rootReal = realRootOf(root);
      } catch {
        return undefined;
      }
    }
    return rootReal;
  }

  /**
   * Walks `rel` into `target`, handing text files to the text index (and each entry to the shared
   * names when `mirror`: a whole walk's are handed over at its end).
   */
  const walkInto = (
    target: NameIndex,
    rel: string,
    walk: Parameters<typeof walkTree>[3],
    mirror = false,
  ) =>
    walkTree(
      (p, info) => {
        target.put(p, info);
        if (mirror) names?.put(p, info);
        if (!info.isDir) text?.schedule(p);
      },
      root,
      rel,
      { ...walk, real: real() },
    );

  const relOf = (abs: string) => relativeTo(root, abs);

  /** Forgets `rel` and everything below it, names and words. */
  function forget(rel: string): void {
    held.index.remove(rel);
    names?.removeUnder(rel);
    text?.removeUnder(rel);
  }

  /**
   * The folder holding `rel` is gone or now reached through a link: the first component of
   * `rel`, from the root, that is no longer a plain folder (the child of the deepest one that
   * still is) is brought up to date, which drops what was indexed below it when it is a link.
   */
  function recheckAbove(realRoot: string, rel: string): void {
    const parts = rel.split("/").filter((part) => part !== "");
    for (let depth = parts.length - 2; depth >= 0; depth--) {
      const folder = pinFolder(realRoot, `/${parts.slice(0, depth).join("/")}`);
      if (!folder) continue;
      folder.close();
      const first = `/${parts.slice(0, depth + 1).join("/")}`;
      if (first !== rel && held.index.find(first) !== undefined) refresh(first);
      return;
    }
  }

  /**
   * Brings one path (and, for a folder, what is below it) up to date with the disk: a path
   * whose folder is gone or reached through a link is forgotten (with the first component that
   * is no longer a plain folder); a link is kept as a name and what was indexed below it, names
   * and words, is forgotten.
   */
  function refresh(rel: string): void {
    held.changedDuringWalk?.add(rel);
    if (rel === "/") return;
    // Nothing staged (an upload's or an extraction's hidden sibling) nor anything inside it.
    if (rel.split("/").some((part) => part !== "" && !indexable(part))) return;
    const realRoot = real();
    if (realRoot === undefined) return;
    const { folder, entry } = entryAt(realRoot, rel);
    if (!folder || !entry) {
      forget(rel);
      if (!folder) recheckAbove(realRoot, rel);
      return;
    }
    const index = held.index;
    const info = { isDir: entry.isDir, size: entry.size, modified: entry.modified };
    names?.put(rel, info);
    if (entry.link) {
      index.put(rel, info);
      text?.removeUnder(rel);
      return;
    }
    const known = index.find(rel);
    const wasDir = known !== undefined && index.isDir(known);
    index.put(rel, info);
    if (!info.isDir) {
      if (wasDir) text?.removeUnder(rel);
      text?.schedule(rel);
      return;
    }
    void walkInto(index, rel, { signal: opts.signal }, true).catch((err: unknown) =>
      opts.log.warn({ err }, "search index: could not walk a folder"),
    );
  }

  /** A file event of the app: what it moved away is forgotten, what it touched refreshed. */
  const applyEvent = (event: FileEvent) => applyFileEvent(event, relOf, { refresh, forget });

  return { real, walkInto, relOf, refresh, applyEvent };
}

export type IndexRefresh = ReturnType<typeof createIndexRefresh>;
