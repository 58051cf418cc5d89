import type { TrashItem } from "@scriptorium/shared";
import { apiCall } from "./client";

/*
 * The trash (issue 29): what the user deleted, kept for the days the admin set, with restore
 * and delete for ever.
 */

/** Query key of the caller's trash (and, below it, of other users' trash that an admin looks at). */
export const TRASH_KEY = ["trash"] as const;

/** Query key of user `user`'s trash (an admin's view), or of the caller's own without one. */
export const trashKey = (user?: number) =>
  user === undefined ? TRASH_KEY : ([...TRASH_KEY, "user", user] as const);

/** The caller's trash, or (admins) user `user`'s: `GET /api/trash?user=ID`. */
export const fetchTrash = (signal?: AbortSignal, user?: number) =>
  apiCall("listTrash", {
    signal,
    ...(user !== undefined && { query: { user: String(user) } }),
  });

/** Puts an item back; the answer is where it landed (its path, or "name (restored)" beside it). */
export const restoreTrashItem = (id: string) => apiCall("restoreTrash", { params: { id } });

export const deleteTrashItem = (id: string) => apiCall("deleteTrashItem", { params: { id } });

export const emptyTrash = () => apiCall("emptyTrash");

/** The items whose name or original path contain the filter text (any case); all when blank. */
export function filterTrash(items: readonly TrashItem[], filter: string): TrashItem[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (needle === "") return [...items];
  return items.filter(
    (item) =>
      item.name.toLocaleLowerCase().includes(needle) ||
      item.path.toLocaleLowerCase().includes(needle),
  );
}
