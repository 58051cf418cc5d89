import { realpathSync, watch } from "node:fs";
import path from "node:path";
import { exactly, pinSync } from "./descriptor.js";

/**
 * Watches one folder (not its subfolders) for any change to its entries: added, removed,
 * renamed, written or touched (inotify on Linux). `abs` is the folder's real path: the folder is
 * opened there (O_PATH) and watched through that descriptor only when no component of the way
 * is a link, so a folder swapped for a link since its path was resolved is never watched where
 * the link leads. `onChange` runs at each change and once if the watch fails, after which it is
 * closed. Undefined when the folder cannot be watched (no watches left, gone, reached through a
 * link): the caller must then not rely on it. The watch never keeps the process alive.
 */
export function watchFolder(abs: string, onChange: () => void): (() => void) | undefined {
  let folder: ReturnType<typeof pinSync>;
  try {
    folder = pinSync(abs, { follow: true, dir: true }, exactly(abs));
  } catch {
    return undefined;
  }
  try {
    const watcher = watch(folder.at, { persistent: false }, () => onChange());
    watcher.on("error", () => {
      watcher.close();
      onChange();
    });
    return () => watcher.close();
  } catch {
    return undefined;
  } finally {
    folder.close();
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
