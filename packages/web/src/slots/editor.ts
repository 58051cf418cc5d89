import type { ReactNode } from "react";
import { createSlot } from "./slot";

/*
 * What the text editor (features/editor) hosts without knowing who provides it: the compile
 * workbench (features/workbench) gives `.tex` files a compile button, an output pane beside the
 * text, compiler messages in the gutter and Ctrl/Cmd+Enter.
 */

/** A compiler message on a line of the file (1-based), as the workbench gives it. */
export interface LineDiagnostic {
  line: number;
  message: string;
  severity: "error" | "warning";
}

/** The file open in the editor, as what the editor hosts sees it. */
export interface EditedFile {
  path: string;
  name: string;
  /** Saves unsaved changes; answers false when the text could not be saved. */
  saveIfDirty: () => Promise<boolean>;
  /** The line (from 1) the cursor is on. */
  cursorLine?: () => number;
  /** Moves the cursor to a line (from 1), scrolled into view and briefly highlighted. */
  goToLine?: (line: number) => void;
  /** The text on screen (Compile guesses a profile from it). */
  text: () => string;
}

/** What the editor shows of what it hosts; all empty for a file nothing is offered for. */
export interface EditorAddOns {
  /** Buttons of the editor's bar, before Save. */
  bar: ReactNode;
  /** Beside the text (the output pane). */
  pane: ReactNode;
  /** Under the text and the pane (the last compile's messages as links). */
  footer?: ReactNode;
  /** Compiler messages on this file; undefined for files that are never compiled (no gutter). */
  diagnostics?: readonly LineDiagnostic[];
  /** Ctrl/Cmd+Enter. */
  onRun?: () => void;
}

const NOTHING: EditorAddOns = { bar: null, pane: null };

/** A hook: what is added to the editor of `file`. */
export const editorAddOnsSlot = createSlot<(file: EditedFile) => EditorAddOns>(() => NOTHING);

/** The hook filling editorAddOnsSlot (the slot is filled before the editor renders). */
export const useEditorAddOns = (file: EditedFile): EditorAddOns => editorAddOnsSlot.get()(file);
