import { currentFolder } from "../../state/current-resource";
import { fileUrls } from "../../api/resource-api";
import { startDownload } from "../../api/download";
import { inListing, selectedItems } from "../../actions/context-queries";
import type { Action } from "../../actions/types";

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
