import { watch, type FSWatcher } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

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
 * their old path. Links are not followed.
 */
export function watchTree(
  root: string,
  onChange: (relative: string) => void,
  onError: (err: unknown) => void,
): (() => void) | undefined {
  const watchers = new Map<string, FSWatcher>();
  let stopped = false;
  const absOf = (rel: string) => (rel === "" ? root : path.join(root, rel));
  const join = (rel: string, name: string) => (rel === "" ? name : `${rel}/${name}`);

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

  /** Watches one folder; false when it is gone or already watched. */
  function add(rel: string): boolean {
    if (stopped || watchers.has(rel)) return false;
    let watcher: FSWatcher;
    try {
      watcher = watch(absOf(rel), { persistent: false }, (type, name) => {
        if (name === null || stopped) return;
        const child = join(rel, String(name));
        onChange(child);
        if (type === "rename") void settle(child);
      });
    } catch (err) {
      if (!GONE.has(codeOf(err))) fail(err);
      return false;
    }
    watcher.on("error", (err) => {
      if (GONE.has(codeOf(err))) forget(rel);
      else fail(err);
    });
    watchers.set(rel, watcher);
    return true;
  }

  /** Watches `rel` and the folders below it, reporting what they hold when `report`. */
  async function addTree(rel: string, report: boolean): Promise<void> {
    const queue = [rel];
    let read = 0;
    while (queue.length > 0 && !stopped) {
      const dir = queue.shift()!;
      if (!add(dir)) continue;
      const entries = await readdir(absOf(dir), { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const child = join(dir, entry.name);
        if (report) onChange(child);
        if (entry.isDirectory()) queue.push(child);
      }
      if (++read % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A name appeared or went away: a new folder is watched, a gone one forgotten. */
  async function settle(rel: string): Promise<void> {
    const info = await lstat(absOf(rel)).catch(() => undefined);
    if (stopped) return;
    if (!info?.isDirectory()) {
      forget(rel);
      return;
    }
    // A folder moved here from elsewhere in the tree still has watches under its old path.
    if (!watchers.has(rel)) await addTree(rel, true);
  }

  if (!add("")) {
    if (!stopped) onError(new Error(`cannot watch ${root}`));
    return undefined;
  }
  void (async () => {
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isDirectory()) await addTree(entry.name, false);
  })().catch(fail);
  return stop;
}
