import { isInside } from "../../lib/paths";
import type { OrganiseItem, PatchFlags } from "./organise-api";

/** Names of `items` that already exist among `existing` (names are case-sensitive). */
export function findConflicts(
  items: readonly Pick<OrganiseItem, "name">[],
  existing: readonly { name: string }[],
): string[] {
  const taken = new Set(existing.map((entry) => entry.name));
  return items.filter((item) => taken.has(item.name)).map((item) => item.name);
}

/** What the user answered to the replace-rename prompt. */
export type ConflictChoice = "rename" | "replace";

/**
 * The flags of each item's PATCH. Only the items in conflict get rename or override: the
 * others keep their names, and an override never asks for the modify permission needlessly.
 */
export function flagsFor(
  name: string,
  conflicts: ReadonlySet<string>,
  choice: ConflictChoice | null,
): PatchFlags {
  if (!choice || !conflicts.has(name)) return {};
  return choice === "rename" ? { rename: true } : { override: true };
}

/** A destination folder that would put one of the moved folders inside itself. */
export function entersItself(destination: string, items: readonly OrganiseItem[]): boolean {
  return items.some((item) => item.isDir && isInside(destination, item.from));
}
