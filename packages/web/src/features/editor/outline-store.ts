import { create } from "zustand";

const OPEN_KEY = "scriptorium.editor.outlineOpen";

function storedOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === "true";
  } catch {
    return false;
  }
}

interface OutlineState {
  /** The outline panel beside a Mauro-TeX document is open (kept across files and visits). */
  open: boolean;
  setOpen: (open: boolean) => void;
}

export const useOutlineStore = create<OutlineState>()((set) => ({
  open: storedOpen(),
  setOpen: (open) => {
    try {
      localStorage.setItem(OPEN_KEY, String(open));
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
    set({ open });
  },
}));
