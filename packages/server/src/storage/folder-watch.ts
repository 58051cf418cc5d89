import { realpathSync, watch } from "node:fs";
import path from "node:path";

/**
 * Watches one folder (not its subfolders) for any change to its entries: added, removed,
 * renamed, written or touched (inotify on Linux). `onChange` runs at each change and once if
 * the watch fails, after which it is closed. Undefined when the folder cannot be watched (no
 * watches left, gone): the caller must then not rely on it. The watch never keeps the process
 * alive.
 */
export function watchFolder(abs: string, onChange: () => void): (() => void) | undefined {
  try {
    const watcher = watch(abs, { persistent: false }, () => onChange());
    watcher.on("error", () => {
      watcher.close();
      onChange();
    });
    return () => watcher.close();
  } catch {
    return undefined;
  }
}

/**
 * The real path of `abs` (links resolved), found through its closest existing parent: a path
 * that was just deleted or moved away still maps to where it was. Synchronous, for the event
 * handlers that must invalidate before the request that changed a file answers.
 */
export function realPathOf(abs: string): string {
  let dir = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(dir), ...rest.reverse());
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return abs;
      rest.push(path.basename(dir));
      dir = parent;
    }
  }
}
