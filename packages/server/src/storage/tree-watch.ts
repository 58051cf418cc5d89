import { watch, type FSWatcher } from "node:fs";
import { readdir } from "node:fs/promises";
import { pinFolder, realRootOf } from "./tree-walk.js";

/** Folders read between two yields to the event loop while the watches are set up. */
const BATCH = 200;

const GONE = new Set(["ENOENT", "ENOTDIR", "EACCES", "EPERM"]);
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code ?? "";

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
  const watchers = new Map<string, FSWatcher>();
  let stopped = false;
  let realRoot: string;
  try {
    realRoot = realRootOf(root);
  } catch (err) {
    onError(err);
    return undefined;
  }
  const join = (rel: string, name: string) => (rel === "" ? name : `${rel}/${name}`);

  // Events are gathered and handled once per name and turn of the event loop: a program that
  // renames a name thousands of times a second (or swaps it for a link) costs one look per
  // turn, not one per event, and never holds the server.
  const queued = new Map<string, boolean>();
  let flushing = false;
  function queue(child: string, renamed: boolean): void {
    queued.set(child, (queued.get(child) ?? false) || renamed);
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  }
  function flush(): void {
    flushing = false;
    if (stopped) {
      queued.clear();
      return;
    }
    const batch = [...queued];
    queued.clear();
    for (const [child, renamed] of batch) {
      onChange(child);
      if (renamed) void settle(child);
    }
  }

  function stop(): void {
    stopped = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  }
  function fail(err: unknown): void {
    if (stopped) return;
    stop();
    onError(err);
  }
  /** Stops watching `rel` and every folder below it. */
  function forget(rel: string): void {
    const below = `${rel}/`;
    for (const [key, watcher] of watchers) {
      if (key === rel || key.startsWith(below)) {
        watcher.close();
        watchers.delete(key);
      }
    }
  }

  /**
   * Watches one folder, opened exactly at its place (the watch is on what the descriptor holds);
   * gives that descriptor, still open, for reading what it holds, or undefined when the folder
   * is gone, reached through a link or already watched.
   */
  function add(rel: string): ReturnType<typeof pinFolder> {
    if (stopped || watchers.has(rel)) return undefined;
    const folder = pinFolder(realRoot, `/${rel}`);
    if (!folder) return undefined;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder.at, { persistent: false }, (type, name) => {
        if (name === null || stopped) return;
        queue(join(rel, String(name)), type === "rename");
      });
    } catch (err) {
      folder.close();
      if (!GONE.has(codeOf(err))) fail(err);
      return undefined;
    }
    watcher.on("error", (err) => {
      if (GONE.has(codeOf(err))) forget(rel);
      else fail(err);
    });
    watchers.set(rel, watcher);
    return folder;
  }

  /** Watches `rel` and the folders below it, reporting what they hold when `report`. */
  async function addTree(rel: string, report: boolean): Promise<void> {
    const queue = [rel];
    let read = 0;
    while (queue.length > 0 && !stopped) {
      const dir = queue.shift()!;
      const folder = add(dir);
      if (!folder) continue;
      const entries = await readdir(folder.at, { withFileTypes: true })
        .catch(() => [])
        .finally(() => folder.close());
      for (const entry of entries) {
        const child = join(dir, entry.name);
        if (report) onChange(child);
        if (entry.isDirectory()) queue.push(child);
      }
      if (++read % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A name appeared or went away: a new folder is watched, a gone one (or a link) forgotten. */
  function settle(rel: string): Promise<void> {
    if (stopped) return Promise.resolve();
    const folder = pinFolder(realRoot, `/${rel}`);
    if (!folder) {
      forget(rel);
      return Promise.resolve();
    }
    folder.close();
    // A folder moved here from elsewhere in the tree still has watches under its old path.
    return watchers.has(rel) ? Promise.resolve() : addTree(rel, true);
  }

  const top = add("");
  if (!top) {
    if (!stopped) onError(new Error(`cannot watch ${root}`));
    return undefined;
  }
  void (async () => {
    const entries = await readdir(top.at, { withFileTypes: true })
      .catch(() => [])
      .finally(() => top.close());
    for (const entry of entries) if (entry.isDirectory()) await addTree(entry.name, false);
  })().catch(fail);
  return stop;
}
