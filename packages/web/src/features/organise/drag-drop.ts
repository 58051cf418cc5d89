import type { Item } from "@scriptorium/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { DragEvent } from "react";
import { create } from "zustand";
import { handleError } from "../../state/handle-error";
import i18n from "../../i18n";
import { getCurrentResource } from "../../state/current-resource";
import { selectAll, useSelectionStore } from "../../state/selection-store";
import { entersItself } from "./conflicts";
import { parentFolder } from "../../lib/paths";
import type { OrganiseItem } from "./organise-api";
import { selectedItems } from "./selected-items";
import { transferItems } from "./transfer";

/**
 * Our own drag data type. Drops that do not carry it — desktop files ("Files"), links, text —
 * are left alone, for the upload drop zone around the listing.
 */
export const DRAG_TYPE = "application/x-scriptorium-items";

interface DragState {
  /** Paths of the items being dragged (the listing fades them). */
  dragged: ReadonlySet<string>;
  /** The folder under the pointer that would take the drop (decoded, ending with "/"). */
  target: string | null;
}

export const useDragStore = create<DragState>()(() => ({ dragged: new Set(), target: null }));

/** The items of the drag started in this window, if any. */
let dragging: readonly OrganiseItem[] | null = null;

const carriesItems = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);

export function endDrag(): void {
  dragging = null;
  useDragStore.setState({ dragged: new Set(), target: null });
}

/** Ends the drag however it ends, even when the dragged row has scrolled out of the DOM. */
function listenForEnd(): void {
  const done = () => {
    window.removeEventListener("dragend", done, true);
    window.removeEventListener("drop", later, true);
    endDrag();
  };
  // After the drop handlers of the target have read the drag.
  const later = () => setTimeout(done, 0);
  window.addEventListener("dragend", done, true);
  window.addEventListener("drop", later, true);
}

/** A small "N items" badge under the pointer while several items are dragged. */
function setCountImage(event: DragEvent, count: number): void {
  const badge = document.createElement("div");
  badge.className = "drag-badge";
  badge.textContent = i18n.t("organise.dragCount", { count });
  document.body.appendChild(badge);
  event.dataTransfer.setDragImage(badge, -12, -12);
  setTimeout(() => badge.remove(), 0);
}

/**
 * dragstart on a listing item: drags the selection when the item is part of it, else the item
 * alone, which becomes the selection (as File Browser does).
 */
export function startDrag(event: DragEvent, item: Item): void {
  const { selected } = useSelectionStore.getState();
  if (!selected.has(item.name)) selectAll([item.name]);
  const items = selected.has(item.name)
    ? selectedItems(getCurrentResource())
    : [{ from: item.path, name: item.name, isDir: item.isDir }];
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  dragging = items;
  event.dataTransfer.effectAllowed = "move";
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(items));
  if (items.length > 1) setCountImage(event, items.length);
  useDragStore.setState({ dragged: new Set(items.map((i) => i.from)), target: null });
  listenForEnd();
}

/** Whether the dragged items may go into `folder`: not their own folder, not into themselves. */
export function canDropOn(folder: string): boolean {
  if (!dragging) return true; // a drag from another tab: checked when dropped
  return !dragging.every((i) => parentFolder(i.from) === folder) && !entersItself(folder, dragging);
}

export function dragOver(event: DragEvent, folder: string): void {
  if (!carriesItems(event) || !canDropOn(folder)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "move";
  if (useDragStore.getState().target !== folder) useDragStore.setState({ target: folder });
}

export function dragLeave(event: DragEvent, folder: string): void {
  if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) {
    return;
  }
  if (useDragStore.getState().target === folder) useDragStore.setState({ target: null });
}

function readItems(event: DragEvent): OrganiseItem[] {
  try {
    const parsed: unknown = JSON.parse(event.dataTransfer.getData(DRAG_TYPE));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (i): i is OrganiseItem =>
        typeof (i as OrganiseItem).from === "string" &&
        typeof (i as OrganiseItem).name === "string",
    );
  } catch {
    return [];
  }
}

/** drop on a folder: moves the dragged items there, with the conflict prompt (SPEC.md §2). */
export function dropOn(
  event: DragEvent,
  folder: string,
  queryClient: QueryClient,
  canReplace: boolean,
): void {
  if (!carriesItems(event)) return;
  event.preventDefault();
  event.stopPropagation();
  const items = dragging ? [...dragging] : readItems(event);
  endDrag();
  transferItems({
    mode: "move",
    items,
    destination: folder,
    queryClient,
    canReplace,
    trackId: "move",
  }).catch(handleError);
}
