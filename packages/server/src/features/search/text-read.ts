import path from "node:path";
import type { TextIndexStore } from "../../db/text-index.js";
import { readText } from "../../storage/tree-walk.js";
import { MAX_TEXT_BYTES, textRows } from "./text-rows.js";

/**
 * Reads a file's words again into `store`, through a descriptor checked to be exactly at its
 * place: a file that is gone, a link, not a regular file or reached through a link is
 * forgotten, never read; one unchanged since it was read (same time and size) is left as is.
 * Runs in the text index's worker thread (text-index-worker.ts), or inline for an index kept
 * in memory.
 */
export function readInto(store: TextIndexStore, realRoot: string, rel: string): void {
  const read = readText(realRoot, rel, MAX_TEXT_BYTES, (info) => {
    const stamp = store.stamp(rel);
    return stamp !== undefined && stamp.mtime === info.modified && stamp.size === info.size;
  });
  if (read?.skipped === "unchanged") return;
  if (read?.text === undefined) {
    store.removeUnder(rel);
    return;
  }
  store.put(rel, read.info.modified, read.info.size, textRows(path.posix.basename(rel), read.text));
}
