import { VIEW_MODES, type Sorting, type UserUpdate, type ViewMode } from "@scriptorium/shared";
import { apiCall } from "../../api/client";
import { useAuthStore } from "../../state/auth-store";

/** list → mosaic → mosaic gallery → list (SPEC.md §2). */
export function nextViewMode(mode: ViewMode): ViewMode {
  const index = VIEW_MODES.indexOf(mode);
  return VIEW_MODES[(index + 1) % VIEW_MODES.length] ?? "list";
}

export type SortField = Sorting["by"];

/**
 * The sorting after a click on a column header: the active column flips its direction; a new
 * column starts A→Z for names and largest or newest first for sizes and dates, which is
 * what one usually looks for there. `asc: true` is ascending for every field (API.md Part A §6).
 */
export function nextSorting(current: Sorting | undefined, by: SortField): Sorting {
  if (current?.by === by) return { by, asc: !current.asc };
  return { by, asc: by === "name" };
}

async function saveOwn(which: "sorting" | "viewMode", data: UserUpdate["data"]) {
  const user = useAuthStore.getState().user;
  if (!user) throw new Error("User is not set!");
  await apiCall("updateUser", {
    params: { id: user.id },
    body: { what: "user", which: [which], data: { id: user.id, ...data } },
  });
}

/**
 * Shows the view mode at once (the token's user only catches up at its next renewal) and
 * saves it to the user. A failed save keeps the choice for this session.
 */
export async function saveViewMode(viewMode: ViewMode): Promise<void> {
  useAuthStore.getState().patchUser({ viewMode });
  await saveOwn("viewMode", { viewMode });
}

/** Saves the listing order; the caller refetches the listing so the server re-sorts it. */
export async function saveSorting(sorting: Sorting): Promise<void> {
  await saveOwn("sorting", { sorting });
}
