import type { ActionContext } from "./types";

/*
 * Questions several features' actions ask of the context (SPEC.md §2: what is on screen and
 * selected).
 */

/** A folder listing is on screen. */
export const inListing = (ctx: ActionContext) => Boolean(ctx.current?.resource.isDir);

/** The selected items of the listing on screen, in listing order. */
export function selectedItems(ctx: ActionContext) {
  if (!ctx.current?.resource.isDir || ctx.selected.size === 0) return [];
  return (ctx.current.resource.items ?? []).filter((item) => ctx.selected.has(item.name));
}
