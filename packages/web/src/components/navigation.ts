import type { Item } from "@scriptorium/shared";
import { parentFolder } from "../lib/paths";
import { itemUrl } from "../api/resource-api";

/** The /files url of the parent folder, where closing the editor or the preview goes. */
export function parentUrl(path: string): string {
  return itemUrl({ path: parentFolder(path), isDir: true });
}

export interface Siblings<T> {
  previous?: T;
  next?: T;
  /** Position of the current file among the files (0-based); -1 if it is not listed. */
  index: number;
  /** How many files (not folders) the folder lists. */
  total: number;
}

/**
 * Previous and next among the files of the folder listing, in the order the user sees them:
 * like File Browser, the preview steps through every file (folders are skipped), not only
 * images. No wrap-around at either end. The file is found by name, because the resource's
 * path echoes the request while items carry the server's cleaned path.
 */
export function siblings<T extends Pick<Item, "name" | "isDir">>(
  items: readonly T[],
  name: string,
): Siblings<T> {
  const files = items.filter((item) => !item.isDir);
  const index = files.findIndex((item) => item.name === name);
  if (index < 0) return { index, total: files.length };
  return { previous: files[index - 1], next: files[index + 1], index, total: files.length };
}
