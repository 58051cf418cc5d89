import { act, fireEvent } from "@testing-library/react";

/**
 * Escape as the browser handles it: a keydown on the focused element, then — unless a handler
 * prevented it — the `cancel` event of the open modal dialog, which jsdom does not fire itself.
 */
export function pressEscape(): void {
  const target = document.activeElement ?? document.body;
  const proceed = fireEvent.keyDown(target, { key: "Escape" });
  const dialog = document.querySelector("dialog[open]");
  if (!proceed || !dialog) return;
  act(() => void dialog.dispatchEvent(new Event("cancel", { cancelable: true })));
}
