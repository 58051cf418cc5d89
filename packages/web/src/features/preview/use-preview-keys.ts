import { useEffect, useRef } from "react";
import { usePromptStore } from "../../prompts";

export interface PreviewKeys {
  previous: () => void;
  next: () => void;
  close: () => void;
}

function ownsArrows(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT", "AUDIO", "VIDEO"].includes(target.tagName)
  );
}

/**
 * Left/Right go to the previous/next file and Escape closes, unless a dialog is open or the
 * focus is on something that uses those keys (a player's seek bar, a field). In right-to-left
 * layouts the arrows follow the screen: Left is "next", as the next button sits on the left.
 * Capture phase, so the app's keyboard layer does not also act on them.
 */
export function usePreviewKeys(keys: PreviewKeys): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (usePromptStore.getState().prompts.length > 0 || ownsArrows(event.target)) return;
      const rtl = document.documentElement.dir === "rtl";
      let run: (() => void) | undefined;
      if (event.key === "Escape") run = latest.current.close;
      else if (event.key === "ArrowLeft") run = rtl ? latest.current.next : latest.current.previous;
      else if (event.key === "ArrowRight")
        run = rtl ? latest.current.previous : latest.current.next;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);
}
