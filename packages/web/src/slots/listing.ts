import type { Item } from "@scriptorium/shared";
import type { DragEvent } from "react";
import { createSlot } from "./slot";

/*
 * What file organisation (features/organise) adds to the listing's items and to the files
 * page's breadcrumbs: dragging items to move them, and folders that take a drop.
 */

/** Drop handlers that make an element a move target; spread them on the element. */
export interface FolderDropProps {
  "data-drop-target"?: "true";
  onDragOver?: (event: DragEvent) => void;
  onDragLeave?: (event: DragEvent) => void;
  onDrop?: (event: DragEvent) => void;
}

export interface ItemOrganiseProps extends FolderDropProps {
  draggable: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd?: () => void;
}

/** Spread `props` on the item; append `className` to its classes. */
export interface ItemOrganise {
  className: string;
  props: ItemOrganiseProps;
}

/** A hook: what organisation adds to one listing item. Empty: nothing can be dragged. */
export const itemOrganiseSlot = createSlot<(item: Item) => ItemOrganise>(() => ({
  className: "",
  props: { draggable: false, onDragStart: (event) => event.preventDefault() },
}));

/**
 * A hook: the drop handlers of a folder (decoded path ending with "/"), or none for null.
 * Empty: nothing takes a drop.
 */
export const folderDropSlot = createSlot<(folder: string | null) => FolderDropProps>(() => ({}));

/** The hook filling itemOrganiseSlot (the slot is filled before the listing renders). */
export const useItemOrganise = (item: Item): ItemOrganise => itemOrganiseSlot.get()(item);

/** The hook filling folderDropSlot. */
export const useFolderDrop = (folder: string | null): FolderDropProps =>
  folderDropSlot.get()(folder);
