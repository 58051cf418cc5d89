import { readdir } from "node:fs/promises";
import { createFolderWatches, joinRelative } from "./folder-watches.js";
import { pinFolder, realRootOf } from "./tree-walk.js";

/** Folders read between two yields to the event loop while the watches are set up. */
const BATCH = 200;

/**
 * Watches everything below `root` for changes made by anyone: `onChange` gets the changed path
 * relative to `root` ("/"-separated). Returns the way to stop, or undefined when the system
 * cannot watch the root (then `onError` says why); `onError` also runs, and every watch stops,
 * when the system refuses more watches later (inotify's limit).
 *
 * One watch per folder, never per file: a folder's watch reports what happens to its files
 * (created, written, removed, renamed), and Node's own recursive mode on Linux keeps a watch
 * and a `Stats` per file (100,000 files cost it about 100 MiB). Folders that appear are watched
 * as they come (with what they hold); folders that go away, or move, stop being watched under
 * their old path. Links are never followed, in any component: each folder is opened (O_PATH)
 * and checked to be exactly at its place before it is watched and read through that descriptor,
 * so a folder swapped for a link is never watched nor read where it leads (a path reported may
 * still lead through a link by the time it is used: whoever uses it checks again).
 */
export function watchTree(
  root: string,
  onChange: (relative: string) => void,
  onError: (err: unknown) => void,
): (() => void) | undefined {
  let realRoot: string;
  try {
    realRoot = realRootOf(root);
  } catch (err) {
    onError(err);
    return undefined;
  }
  const watches = createFolderWatches(
    realRoot,
    (child, renamed) => {
      onChange(child);
      if (renamed) void settle(child);
    },
    onError,
  );

  /** Watches `rel` and the folders below it, reporting what they hold when `report`. */
  async function addTree(rel: string, report: boolean): Promise<void> {
    const queue = [rel];
    let read = 0;
    while (queue.length > 0 && !watches.isStopped()) {
      const dir = queue.shift()!;
      const folder = watches.add(dir);
      if (!folder) continue;
      const entries = await readdir(folder.at, { withFileTypes: true })
        .catch(() => [])
        .finally(() => folder.close());
      for (const entry of entries) {
        const child = joinRelative(dir, entry.name);
        if (report) onChange(child);
        if (entry.isDirectory()) queue.push(child);
      }
      if (++read % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A name appeared or went away: a new folder is watched, a gone one (or a link) forgotten. */
  function settle(rel: string): Promise<void> {
    if (watches.isStopped()) return Promise.resolve();
    const folder = pinFolder(realRoot, `/${rel}`);
    if (!folder) {
      watches.forget(rel);
      return Promise.resolve();
    }
    folder.close();
    // A folder moved here from elsewhere in the tree still has watches under its old path.
    return watches.isWatched(rel) ? Promise.resolve() : addTree(rel, true);
  }

  const top = watches.add("");
  if (!top) {
    if (!watches.isStopped()) onError(new Error(`cannot watch ${root}`));
    return undefined;
  }
  void (async () => {
    const entries = await readdir(top.at, { withFileTypes: true })
      .catch(() => [])
      .finally(() => top.close());
    for (const entry of entries) if (entry.isDirectory()) await addTree(entry.name, false);
  })().catch(watches.fail);
  return watches.stop;
}
