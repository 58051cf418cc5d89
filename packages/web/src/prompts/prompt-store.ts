import { create } from "zustand";
import type { PromptSpec } from "./prompt-specs";

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
