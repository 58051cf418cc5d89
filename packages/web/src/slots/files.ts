import type { Resource } from "@scriptorium/shared";
import type { ComponentType } from "react";
import { createSlot } from "./slot";

/*
 * The views the files page (features/files) shows a resource in, each from its own feature:
 * it picks one by the resource's kind and knows none of them.
 */

export interface FileViews {
  /** A folder: the listing (with its drop zone for uploads and the selection bar). */
  Folder: ComponentType<{ resource: Resource; path: string }>;
  /** A tool's log, read-only, its diagnostics linked to the source. */
  ToolLog: ComponentType<{ resource: Resource }>;
  /** A text file. */
  Editor: ComponentType<{ resource: Resource }>;
  /** Any other file. */
  Preview: ComponentType<{ resource: Resource }>;
}

const Nothing = () => null;

/** Filled by the files page's composition (app/file-views.tsx); empty, nothing is shown. */
export const fileViewsSlot = createSlot<FileViews>({
  Folder: Nothing,
  ToolLog: Nothing,
  Editor: Nothing,
  Preview: Nothing,
});
