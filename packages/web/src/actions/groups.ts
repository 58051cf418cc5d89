import type { Action } from "./types";

/**
 * The actions shown as icon buttons in the header and the selection bar (issue 31: what users
 * of File Browser and Nextcloud Files reach for): search, upload, switch view, info, and on a
 * selection share, rename, copy, move, delete, download (and the bar's clear selection).
 * Everything else goes in the "More actions" menu; the edition tools in the "Edition" menu.
 */
const PRIMARY = new Set([
  "search",
  "share",
  "rename",
  "copy",
  "move",
  "delete",
  "download",
  "upload",
  "switchView",
  "info",
  "clearSelection",
]);

export const isEditionAction = (action: Action) => action.id.startsWith("tool-");

export interface ActionGroups {
  primary: Action[];
  edition: Action[];
  more: Action[];
}

/** Splits actions, in their order, into icon buttons, the Edition menu and the More menu. */
export function groupActions(actions: readonly Action[]): ActionGroups {
  const groups: ActionGroups = { primary: [], edition: [], more: [] };
  for (const action of actions) {
    if (isEditionAction(action)) groups.edition.push(action);
    else if (PRIMARY.has(action.id)) groups.primary.push(action);
    else groups.more.push(action);
  }
  return groups;
}
