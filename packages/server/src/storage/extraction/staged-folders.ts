import path from "node:path";
import { pinChild, type Pinned } from "../descriptor.js";

/** Folders of a staging tree kept open at once (entries of one folder usually come together). */
const KEPT = 32;

/**
 * The folders of a staging tree, reached from its root one name at a time, each opened inside
 * the one above it without following a link: a folder swapped for a link by a program makes the
 * step fail, and no path longer than the kernel's limit is ever looked up. A few are kept open;
 * the entries of an archive are staged one after the other, so a folder handed out is not
 * closed while it is in use.
 */
export function createStagedFolders(root: Pinned) {
  const open = new Map<string, Pinned>();

  async function get(rel: string): Promise<Pinned> {
    if (rel === "" || rel === ".") return root;
    const kept = open.get(rel);
    if (kept) {
      open.delete(rel);
      open.set(rel, kept);
      return kept;
    }
    const parent = await get(path.posix.dirname(rel));
    const folder = await pinChild(parent, path.posix.basename(rel), { dir: true });
    open.set(rel, folder);
    for (const [oldest, pinned] of open) {
      if (open.size <= KEPT) break;
      if (oldest === rel) continue;
      open.delete(oldest);
      await pinned.close();
    }
    return folder;
  }

  return {
    /** The staged folder `rel` ("" or "." for the root). */
    get,
    /** Closes every folder kept open. */
    async close(): Promise<void> {
      for (const pinned of open.values()) await pinned.close();
      open.clear();
    },
  };
}

export type StagedFolders = ReturnType<typeof createStagedFolders>;
