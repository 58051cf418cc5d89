import { currentFolder } from "../../state/current-resource";
import { openSearch } from "./search-store";
import { decodePath } from "../../lib/paths";
import type { Action, ActionContext } from "../../actions/types";

/**
 * The folder a search runs in: the listing on screen (known from the route even before it has
 * loaded), the root elsewhere.
 */
export function searchFolder(ctx: ActionContext): string {
  const { pathname } = ctx;
  if (pathname.startsWith("/files/") && pathname.endsWith("/")) {
    return decodePath(pathname.slice("/files".length));
  }
  return currentFolder(ctx.current);
}

/** Search (SPEC.md §2): the first header action and Ctrl/Cmd+F. */
export const searchAction: Action = {
  id: "search",
  label: "search.title",
  icon: "search",
  shortcut: { key: "f", mod: true },
  placements: ["header"],
  isVisible: (ctx) => ctx.user !== null,
  perform: (ctx) => openSearch(searchFolder(ctx)),
};
