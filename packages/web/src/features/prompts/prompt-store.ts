import type { Item, Resource } from "@scriptorium/shared";
import { create } from "zustand";
import type { DownloadPromptSpec } from "../download/prompt-specs";
import type { UnzipPromptSpec } from "../unzip/prompt-specs";
import type { UploadPromptSpec } from "../upload/prompt-specs";
import type { OrganisePromptSpec } from "../organise/prompt-specs";

/** The dialogs implemented so far (SPEC.md §2 Dialogs); later features add their own names. */
export type PromptSpec =
  | { name: "help" }
  /** `dir`: the folder to create in (decoded, ending with "/"); the root when omitted. */
  | { name: "newFile"; dir?: string }
  | { name: "newDir"; dir?: string }
  /** File info of one item, or of the folder or file on screen (a Resource). */
  | { name: "info"; item: Item | Resource }
  /** Leaving the editor with unsaved changes; `onDiscard` lets the navigation go on. */
  | { name: "discardEditorChanges"; onDiscard: () => void }
  /** A yes/no question (aborting uploads, overwriting on unzip). */
  | { name: "confirm"; title: string; message: string; confirmLabel: string; onConfirm: () => void }
  /** upload and replace (features/upload), download, unzip. */
  | UploadPromptSpec
  | DownloadPromptSpec
  | UnzipPromptSpec
  | { name: "error"; message: string }
  /** Rename, move, copy, delete and replace-rename (features/organise). */
  | OrganisePromptSpec;

export type PromptName = PromptSpec["name"];

export interface Prompt {
  id: number;
  spec: PromptSpec;
  /** Runs when this prompt is closed (Escape, cancel or a completed action). */
  onClose?: () => void;
}

interface PromptState {
  prompts: Prompt[];
  show: (spec: PromptSpec, onClose?: () => void) => void;
  /** Removes the oldest prompt — the one on screen — and runs its close hook (SPEC.md §2). */
  close: () => void;
  closeAll: () => void;
}

let nextId = 1;

export const usePromptStore = create<PromptState>()((set, get) => ({
  prompts: [],
  show(spec, onClose) {
    set((state) => ({ prompts: [...state.prompts, { id: nextId++, spec, onClose }] }));
  },
  close() {
    const [first, ...rest] = get().prompts;
    if (!first) return;
    set({ prompts: rest });
    first.onClose?.();
  },
  closeAll() {
    const { prompts } = get();
    set({ prompts: [] });
    for (const prompt of prompts) prompt.onClose?.();
  },
}));

export const showPrompt = (spec: PromptSpec, onClose?: () => void) =>
  usePromptStore.getState().show(spec, onClose);
export const closePrompt = () => usePromptStore.getState().close();
/** The prompt on screen: the oldest one in the stack. */
export const useCurrentPrompt = () => usePromptStore((state) => state.prompts[0]);
