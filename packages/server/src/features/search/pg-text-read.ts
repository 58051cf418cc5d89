import path from "node:path";
import { readText } from "../../storage/tree-walk.js";
import type { PgTextStore } from "./pg-text-store.js";
import { MAX_TEXT_BYTES, textRows } from "./text-rows.js";

/**
 * Reads a file's words again into the PostgreSQL store, as `readInto` (text-read.ts) does for
 * SQLite: through a descriptor checked to be exactly at its place; a file gone, a link or not
 * regular is forgotten; one unchanged since it was read (same time and size) is left as is.
 */
export async function readIntoPg(store: PgTextStore, realRoot: string, rel: string) {
  const stamp = await store.stamp(rel);
  const read = readText(
    realRoot,
    rel,
    MAX_TEXT_BYTES,
    (info) => stamp !== undefined && stamp.mtime === info.modified && stamp.size === info.size,
  );
  if (read?.skipped === "unchanged") return;
  if (read?.text === undefined) return store.removeUnder(rel);
  const rows = textRows(path.posix.basename(rel), read.text);
  await store.put(rel, read.info.modified, read.info.size, rows);
}
