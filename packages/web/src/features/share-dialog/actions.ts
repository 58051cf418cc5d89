import type { ShareTarget } from "../../api/share-api";
import { baseName } from "../../lib/paths";
import type { Action, ActionContext } from "../../actions/types";

/**
 * What Share works on (SPEC.md §4): the one selected item of a listing, or the file open in
 * the editor or the preview; nothing otherwise.
 */
export function shareTarget(ctx: ActionContext): ShareTarget | null {
  const current = ctx.current;
  if (!current) return null;
  if (!current.resource.isDir) {
    return { path: current.path, name: baseName(current.path), isDir: false };
  }
  if (ctx.selected.size !== 1) return null;
  const item = (current.resource.items ?? []).find((entry) => ctx.selected.has(entry.name));
  return item ? { path: item.path, name: item.name, isDir: item.isDir } : null;
}

/** Share: the share permission and one item (SPEC.md §6). */
export const shareAction: Action = {
  id: "share",
  label: "share.action",
  icon: "link",
  placements: ["header", "selection"],
  isVisible: (ctx) => Boolean(ctx.user?.perm.share) && shareTarget(ctx) !== null,
  perform: (ctx) => {
    const target = shareTarget(ctx);
    if (target) ctx.showPrompt({ name: "share", target });
  },
};
