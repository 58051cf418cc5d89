import type { Item, LiveChange } from "@scriptorium/shared";
import { asFolder, baseName, parentFolder } from "../../lib/paths";
import { parseModified } from "../../lib/format-date";

/*
 * Which live changes concern an open listing, and whether a listing already shows one (then it
 * was this tab's own doing, and reloaded after it).
 */

/** True when `path` is directly in `folder` (both decoded; the folder may lack its slash). */
const isChildOf = (path: string, folder: string) =>
  path !== "" && parentFolder(path) === asFolder(folder);

/**
 * The change adds, removes or alters an entry of `folder` itself (not of a subfolder): its path
 * or where it went is in the folder, or it went into the folder (an extraction there).
 */
export function touchesFolder(change: LiveChange, folder: string): boolean {
  const { to } = change;
  return (
    isChildOf(change.path, folder) ||
    (to !== undefined && (isChildOf(to, folder) || asFolder(to) === asFolder(folder)))
  );
}

/** The change happened in `folder` or anywhere below it. */
export function touchesTree(change: LiveChange, folder: string): boolean {
  const root = asFolder(folder);
  const inside = (path: string) => path !== "" && asFolder(path).startsWith(root);
  return inside(change.path) || (change.to !== undefined && inside(change.to));
}

/** The name the change gives to an entry of `folder`: where it went, else what it was. */
export function changedName(change: LiveChange, folder: string): string {
  if (change.to !== undefined && isChildOf(change.to, folder)) return baseName(change.to);
  return baseName(change.path);
}

/** Actions after which their `path` no longer exists. */
const GONE = new Set<LiveChange["action"]>(["delete", "rename", "move"]);
/** Actions that write the file at their `path` (a restore without `to` lands there too). */
const WRITTEN = new Set<LiveChange["action"]>([
  "create",
  "edit",
  "upload",
  "version-restore",
  "drop",
  "restore",
]);

/** Clocks and file times may differ by this much. */
const SLACK_MS = 2000;

/**
 * Whether `items` (the folder's listing) already show the change: a deleted or moved entry is
 * gone, a new or rewritten one is there and at least as recent as the change, and where an entry
 * went (`to`: a rename, a copy, an extraction) there is an entry of that name.
 */
export function isReflected(change: LiveChange, folder: string, items: readonly Item[]): boolean {
  const byName = new Map(items.map((item) => [item.name, item]));
  const there = (path: string) => byName.has(baseName(path));
  const recent = (path: string) => {
    const item = byName.get(baseName(path));
    return (
      item !== undefined && parseModified(item.modified) >= parseModified(change.time) - SLACK_MS
    );
  };
  if (isChildOf(change.path, folder)) {
    if (GONE.has(change.action) && there(change.path)) return false;
    const written = WRITTEN.has(change.action) && change.to === undefined;
    if (written && !recent(change.path)) return false;
  }
  if (change.to !== undefined && isChildOf(change.to, folder) && !there(change.to)) return false;
  return true;
}
