import type { CurrentResource } from "../../state/current-resource";
import { useSelectionStore } from "../../state/selection-store";
import type { OrganiseItem } from "./organise-api";

/** The selected items of the listing on screen, in listing order. */
export function selectedItems(current: CurrentResource | null): OrganiseItem[] {
  const { selected } = useSelectionStore.getState();
  if (!current?.resource.isDir || selected.size === 0) return [];
  return (current.resource.items ?? [])
    .filter((item) => selected.has(item.name))
    .map((item) => ({ from: item.path, name: item.name, isDir: item.isDir }));
}
