import {
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from "react";

/** What Tab can reach, before visibility is checked. */
const TABBABLE = [
  "a[href]",
  "button:not(:disabled)",
  "input:not(:disabled):not([type=hidden])",
  "select:not(:disabled)",
  "textarea:not(:disabled)",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** What gets the focus when a dialog opens: its first field, else its enabled main button. */
const FIRST_FOCUS =
  "input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button.button--primary:not(:disabled)";

const isShown = (element: HTMLElement) =>
  typeof element.checkVisibility !== "function" || element.checkVisibility();

const inDocumentOrder = (a: Node, b: Node) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

/** The elements of `root` that Tab stops on, in document order (not every engine sorts). */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(isShown).sort(inDocumentOrder);
}

/*
 * The open modal dialog, for layers that must stay usable above it (toasts): a modal dialog
 * makes everything outside it inert, so they render inside it while it is open.
 */
let openDialog: HTMLDialogElement | null = null;
const listeners = new Set<() => void>();
function setOpenDialog(dialog: HTMLDialogElement | null) {
  openDialog = dialog;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The modal dialog on screen, or null. */
export const useOpenDialog = () =>
  useSyncExternalStore(
    subscribe,
    () => openDialog,
    () => null,
  );

/**
 * Opens a `<dialog>` with showModal() (the page behind becomes inert), focuses its first field,
 * keeps Tab inside it and gives the focus back to the element that had it once it closes.
 * Escape (the `cancel` event) does not close the element itself: it asks `onClose`, so the
 * owner stays the one that decides; a browser that closes it anyway is reported the same way.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let unmounting = false;
    const onCancel = (event: Event) => {
      // A cancel the browser will not let us stop is followed by `close`, handled below.
      if (!event.cancelable) return;
      event.preventDefault();
      onCloseRef.current();
    };
    const onNativeClose = () => {
      if (!unmounting) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    if (!dialog.open) dialog.showModal();
    setOpenDialog(dialog);
    (dialog.querySelector<HTMLElement>(FIRST_FOCUS) ?? dialog).focus();

    return () => {
      unmounting = true;
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      if (openDialog === dialog) setOpenDialog(null);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  /** Tab past the last element comes back to the first, Shift+Tab the other way round. */
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (event.key !== "Tab" || event.defaultPrevented || !dialog) return;
    const stops = tabbableIn(dialog);
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = document.activeElement;
    const outside =
      !(active instanceof HTMLElement) || active === dialog || !dialog.contains(active);
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  /** A press on the backdrop (outside the card's box) closes, as a click on the dimmed page. */
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (!dialog || event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (inside) return;
    // Keeps the press from moving the focus to the page once the opener has it back.
    event.preventDefault();
    onCloseRef.current();
  };

  return { ref, onKeyDown, onMouseDown };
}
