import { create } from "zustand";
import { announce } from "./announcer";

export type ToastKind = "success" | "info" | "error";

/** A place in the app a toast offers to open, e.g. the folder a restored item landed in. */
export interface ToastLink {
  label: string;
  /** An app path such as "/files/a/". */
  to: string;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  link?: ToastLink;
}

/** SPEC.md §9: success toasts last 4 s, at most 10 are shown; errors stay until dismissed. */
export const TOAST_TIMEOUT_MS = 4000;
export const MAX_TOASTS = 10;

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string, link?: ToastLink) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(kind, message, link) {
    const id = nextId++;
    const toast: Toast = link ? { id, kind, message, link } : { id, kind, message };
    // The oldest toasts give way when the limit is reached.
    set((state) => ({ toasts: [...state.toasts, toast].slice(-MAX_TOASTS) }));
    if (kind !== "error") setTimeout(() => get().dismiss(id), TOAST_TIMEOUT_MS);
    // Screen readers hear every toast through the page's live regions.
    announce(message, kind === "error" ? "assertive" : "polite");
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

export const showSuccess = (message: string, link?: ToastLink) =>
  useToastStore.getState().show("success", message, link);
export const showInfo = (message: string) => useToastStore.getState().show("info", message);
export const showErrorToast = (message: string) => useToastStore.getState().show("error", message);
