import { useEffect, useRef } from "react";
import { usePromptStore } from "../../prompts";

/**
 * Ctrl/Cmd+S saves, wherever the focus is, instead of the browser's "save page" dialog; not
 * while a dialog is open, and not in a read-only editor.
 */
export function useSaveShortcut(save: () => Promise<unknown>, readOnly: boolean): void {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (readOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (usePromptStore.getState().prompts.length === 0) void saveRef.current();
    };
    // Capture phase: before the app's keyboard layer, which would otherwise download.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [readOnly]);
}
