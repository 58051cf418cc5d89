import type { ComponentType } from "react";
import { createSlot } from "./slot";

/*
 * A read-only view of a text with the editor's highlighting (features/editor) where another
 * feature shows a text it does not edit: the share page's preview of a shared `.tex`, `.md`…
 */

export interface TextViewProps {
  text: string;
  /** The file's name: its extension picks the highlighting, as in the editor. */
  name: string;
  /** The view's accessible name. */
  label: string;
}

/** Without the editor: the text as it is, in a scrollable, focusable block. */
function PlainText({ text, label }: TextViewProps) {
  return (
    <pre className="text-view-plain" tabIndex={0} aria-label={label}>
      {text}
    </pre>
  );
}

export const textViewSlot = createSlot<ComponentType<TextViewProps>>(PlainText);
