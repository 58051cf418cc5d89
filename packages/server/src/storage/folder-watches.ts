import { watch, type FSWatcher } from "node:fs";
import { pinFolder } from "./tree-walk.js";

const GONE = new Set(["ENOENT", "ENOTDIR", "EACCES", "EPERM"]);
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code ?? "";

/** `name` inside the relative folder `rel` ("" is the root). */
export const joinRelative = (rel: string, name: string) => (rel === "" ? name : `${rel}/${name}`);

/**
 * Gathers events and hands each name over once per turn of the event loop (renamed if any of
 * its events was a rename): a program that renames a name thousands of times a second (or
 * swaps it for a link) costs one look per turn, not one per event, and never holds the server.
 */
function createEventQueue(
  handle: (child: string, renamed: boolean) => void,
  stopped: () => boolean,
) {
  const queued = new Map<string, boolean>();
  let flushing = false;
  function flush(): void {
    flushing = false;
    const batch = [...queued];
    queued.clear();
    if (stopped()) return;
    for (const [child, renamed] of batch) handle(child, renamed);
  }
  return (child: string, renamed: boolean): void => {
    queued.set(child, (queued.get(child) ?? false) || renamed);
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  };
}

/**
 * One inotify watch per folder of the tree at `realRoot`, by relative path ("" for the root).
 * Each folder is opened exactly at its place (O_PATH, no link in any component) before it is
 * watched, so the watch is on what the descriptor holds. A refusal other than "gone" (inotify's
 * limit) stops every watch and reaches `onError` once.
 */
export function createFolderWatches(
  realRoot: string,
  onEvent: (child: string, renamed: boolean) => void,
  onError: (err: unknown) => void,
) {
  const watchers = new Map<string, FSWatcher>();
  let stopped = false;
  const queue = createEventQueue(onEvent, () => stopped);

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
   * Watches one folder; gives its descriptor, still open, for reading what it holds, or
   * undefined when the folder is gone, reached through a link or already watched.
   */
  function add(rel: string): ReturnType<typeof pinFolder> {
    if (stopped || watchers.has(rel)) return undefined;
    const folder = pinFolder(realRoot, `/${rel}`);
    if (!folder) return undefined;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder.at, { persistent: false }, (type, name) => {
        if (name === null || stopped) return;
        queue(joinRelative(rel, String(name)), type === "rename");
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

  return {
    add,
    forget,
    stop,
    fail,
    isWatched: (rel: string) => watchers.has(rel),
    isStopped: () => stopped,
  };
}
