import { create } from "zustand";
import { announce } from "./announcer";

export type ToastKind = "success" | "info" | "error";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** SPEC.md §9: success toasts last 4 s, at most 10 are shown; errors stay until dismissed. */
export const TOAST_TIMEOUT_MS = 4000;
export const MAX_TOASTS = 10;

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(kind, message) {
    const id = nextId++;
    // The oldest toasts give way when the limit is reached.
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }].slice(-MAX_TOASTS) }));
    if (kind !== "error") setTimeout(() => get().dismiss(id), TOAST_TIMEOUT_MS);
    // Screen readers hear every toast through the page's live regions.
    announce(message, kind === "error" ? "assertive" : "polite");
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

export const showSuccess = (message: string) => useToastStore.getState().show("success", message);
export const showInfo = (message: string) => useToastStore.getState().show("info", message);
export const showErrorToast = (message: string) => useToastStore.getState().show("error", message);
