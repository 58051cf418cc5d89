import { currentFolder } from "../features/files/current-resource";
import { openSearch } from "../features/search/search-store";
import type { Action } from "./types";

/**
 * Search (SPEC.md §2): the first header action and Ctrl/Cmd+F. It searches the folder of the
 * listing on screen, the root elsewhere.
 */
export const searchAction: Action = {
  id: "search",
  label: "search.title",
  icon: "search",
  shortcut: { key: "f", mod: true },
  placements: ["header"],
  isVisible: (ctx) => ctx.user !== null,
  perform: (ctx) => openSearch(currentFolder(ctx.current)),
};
