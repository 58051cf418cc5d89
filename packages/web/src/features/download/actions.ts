import { currentFolder } from "../../state/current-resource";
import { fileUrls } from "../../api/resource-api";
import { startDownload } from "../../api/download";
import { isExtractable } from "../unzip/unzip";
import { parentFolder } from "../../lib/paths";
import type { Action, ActionContext } from "../../actions/types";

/** A folder listing is on screen. */
const inListing = (ctx: ActionContext) => Boolean(ctx.current?.resource.isDir);

/** The selected items of the listing on screen, in listing order. */
function selectedItems(ctx: ActionContext) {
  if (!ctx.current?.resource.isDir || ctx.selected.size === 0) return [];
  return (ctx.current.resource.items ?? []).filter((item) => ctx.selected.has(item.name));
}

/** Files or a folder into the folder on screen (create permission; SPEC.md §2). */
export const uploadAction: Action = {
  id: "upload",
  label: "upload.action",
  icon: "upload",
  placements: ["header"],
  // More files may be added while earlier ones upload.
  concurrent: true,
  isVisible: (ctx) => inListing(ctx) && Boolean(ctx.user?.perm.create),
  perform: (ctx) => ctx.showPrompt({ name: "upload" }),
};

/**
 * SPEC.md §5: one selected file downloads directly; a folder, several items or nothing
 * selected (the folder on screen) open the format chooser. The button counts the selection.
 */
export const downloadAction: Action = {
  id: "download",
  label: "download.action",
  icon: "download",
  shortcut: { key: "s", mod: true },
  placements: ["header", "selection"],
  badge: (ctx) => ctx.selectedCount || undefined,
  isVisible: (ctx) => inListing(ctx) && Boolean(ctx.user?.perm.download),
  perform: (ctx) => {
    const items = selectedItems(ctx);
    const [first] = items;
    if (items.length === 1 && first && !first.isDir) {
      startDownload(fileUrls.raw(first.path));
      return;
    }
    const paths = items.length > 0 ? items.map((item) => item.path) : [currentFolder(ctx.current)];
    ctx.showPrompt({ name: "download", paths });
  },
};

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
