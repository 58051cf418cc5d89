import type { Item } from "@scriptorium/shared";
import { formatModified, goFileMode } from "../../lib/file-mode.js";
import { extensionOf } from "../../lib/mime.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import type { UserFs } from "../../storage/user-fs.js";
import { detectType } from "./file-type.js";

/** Link metadata, plus the target's when the link resolves inside the scope. */
export interface EntryStats {
  own: BigIntStats;
  /** The target's stats for a link inside the scope; the entry's own for anything else. */
  target?: BigIntStats;
}

/** lstat, then stat through a symlink only when its target stays inside the scope. */
export async function statEntry(fs: UserFs, abs: string): Promise<EntryStats> {
  const own = await fs.lstatBig(abs);
  if (!own.isSymbolicLink()) return { own, target: own };
  try {
    if (!(await fs.containsReal(abs))) return { own };
    return { own, target: await fs.statBig(abs) };
  } catch {
    return { own };
  }
}

/**
 * The common fields of a file or folder (API.md §2.2). A link pointing outside the scope or
 * nowhere is an `invalid_link` item with the link's own size and mode. `single` selects the
 * single-item conventions (link mode and mtime from the link itself, full type detection).
 */
export async function describeEntry(
  fs: UserFs,
  abs: string,
  userPath: string,
  name: string,
  stats: EntryStats,
  single: boolean,
): Promise<Item> {
  const { own, target } = stats;
  const isSymlink = own.isSymbolicLink();
  const extension = extensionOf(name);
  if (!target) {
    return {
      path: userPath,
      name,
      size: Number(own.size),
      extension,
      modified: formatModified(own.mtimeNs),
      mode: goFileMode(Number(own.mode)),
      isDir: false,
      isSymlink,
      type: "invalid_link",
    };
  }
  const meta = single ? own : target;
  const isDir = target.isDirectory();
  const size = Number(target.size);
  const item: Item = {
    path: userPath,
    name,
    size,
    extension,
    modified: formatModified(meta.mtimeNs),
    mode: goFileMode(Number(meta.mode)),
    isDir,
    isSymlink,
    type: "",
  };
  if (!isDir) {
    item.type = (
      await detectType({
        readHead: () => fs.readHead(abs),
        extension,
        size,
        isFifo: target.isFIFO(),
        cheap: !single,
      })
    ).type;
  }
  return item;
}
