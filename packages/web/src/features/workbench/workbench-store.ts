import type { SyncTexBox } from "@scriptorium/shared";
import { create } from "zustand";

const HIDDEN_KEY = "scriptorium.workbench.paneHidden";

function storedHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === "true";
  } catch {
    return false;
  }
}

interface WorkbenchState {
  /** The output pane beside the source is hidden (kept across files and visits). */
  paneHidden: boolean;
  setPaneHidden: (hidden: boolean) => void;
  /** Per source, the places of its PDF "Show in PDF" last asked the pane to reveal. */
  reveals: Record<string, { pdf: string; boxes: SyncTexBox[]; key: number }>;
  reveal: (source: string, pdf: string, boxes: SyncTexBox[]) => void;
}

let revealKey = 0;

export const useWorkbenchStore = create<WorkbenchState>()((set) => ({
  paneHidden: storedHidden(),
  setPaneHidden: (paneHidden) => {
    try {
      localStorage.setItem(HIDDEN_KEY, String(paneHidden));
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
    set({ paneHidden });
  },
  reveals: {},
  reveal: (source, pdf, boxes) =>
    set((state) => ({ reveals: { ...state.reveals, [source]: { pdf, boxes, key: ++revealKey } } })),
}));
