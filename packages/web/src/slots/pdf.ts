import type { SyncTexBox, SyncTexSource } from "@scriptorium/shared";
import type { ComponentType } from "react";
import { createSlot } from "./slot";

/*
 * The PDF viewer (features/pdf-viewer) where other features show a PDF: the workbench's output
 * pane and the preview. They hand it the file and what to do with a SyncTeX answer; it draws
 * the pages, thumbnails, zoom and search.
 */

/** Places of the PDF to scroll to and flash (SyncTeX's forward search); `key` repeats a request. */
export interface PdfReveal {
  boxes: readonly SyncTexBox[];
  key: number;
}

export interface PdfViewerProps {
  /** The PDF in the user's files (decoded path). */
  path: string;
  /** Changes when the file does (a new compile): the viewer loads it anew. */
  version?: string | number;
  /** Scroll to these places and flash them. */
  reveal?: PdfReveal;
  /**
   * A double-click on a page found this source line (SyncTeX's backward search); without it,
   * double-clicks do nothing more than select a word.
   */
  onSource?: (source: SyncTexSource) => void;
  /** The viewer's accessible name. */
  label?: string;
}

/** Nothing to show PDFs with (a page that did not fill the slot). */
const NoViewer: ComponentType<PdfViewerProps> = () => null;

export const pdfViewerSlot = createSlot<ComponentType<PdfViewerProps>>(NoViewer);
