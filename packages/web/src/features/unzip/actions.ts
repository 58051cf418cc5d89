import { currentFolder } from "../../state/current-resource";
import { parentFolder } from "../../lib/paths";
import { selectedItems } from "../../actions/context-queries";
import type { Action, ActionContext } from "../../actions/types";
import { isExtractable } from "./unzip";

/**
 * The archive to extract: the one selected item of a listing, or the file on screen (its
 * preview page), with the folder it goes into.
 */
function archiveOf(ctx: ActionContext): { path: string; name: string; dir: string } | null {
  const items = selectedItems(ctx);
  const [item] = items;
  if (items.length === 1 && item && !item.isDir && isExtractable(item.name)) {
    return { path: item.path, name: item.name, dir: currentFolder(ctx.current) };
  }
  const file = ctx.current?.resource;
  if (file && !file.isDir && isExtractable(file.name)) {
    return { path: file.path, name: file.name, dir: parentFolder(file.path) };
  }
  return null;
}

/** One selected archive, or the archive on screen (SPEC.md §5 extensions), with unzip. */
export const unzipAction: Action = {
  id: "unzip",
  label: "unzip.action",
  icon: "unzip",
  placements: ["header", "selection"],
  isVisible: (ctx) => Boolean(ctx.user?.perm.unzip) && archiveOf(ctx) !== null,
  perform: (ctx) => {
    const archive = archiveOf(ctx);
    if (!archive) return;
    ctx.showPrompt({
      name: "unzip",
      archive: { path: archive.path, name: archive.name },
      dir: archive.dir,
    });
  },
};
