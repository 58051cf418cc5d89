import type { QueryClient } from "@tanstack/react-query";
import { isStagingName } from "@scriptorium/shared";
import { trackAction } from "../../actions/action-status";
import { selectAll } from "../../state/selection-store";
import { forgetPaths } from "./clipboard-store";
import { parentFolder } from "../../lib/paths";
import { patchItem, type OrganiseItem } from "./organise-api";
import { reloadListings } from "./transfer";

/** What a rename input holds, as the server will get it (SPEC.md §5: the input is trimmed). */
export type RenameCheck = "empty" | "unchanged" | "invalid" | "reserved" | "ok";

/**
 * Checks a new name: empty or unchanged names do nothing; a name with "/" (a path) or the
 * special "." and ".." is refused, and so is one ending with the staging suffix of files being
 * written (the server's 400 RESERVED_NAME).
 */
export function checkNewName(input: string, current: string): RenameCheck {
  const name = input.trim();
  if (name === "") return "empty";
  if (name === current) return "unchanged";
  if (name.includes("/") || name === "." || name === "..") return "invalid";
  if (isStagingName(name)) return "reserved";
  return "ok";
}

/**
 * PATCH action=rename to the same folder; the listing reloads and the item stays selected under
 * its new name. A name that exists already fails with the server's 409.
 */
export async function renameItem(
  item: OrganiseItem,
  newName: string,
  queryClient: QueryClient,
): Promise<void> {
  const folder = parentFolder(item.from);
  await trackAction("rename", patchItem("rename", item.from, folder + newName));
  forgetPaths([item.from]);
  selectAll([newName]);
  await reloadListings(queryClient);
}
