import { useEffect, useRef } from "react";
import { handleError } from "../state/handle-error";
import { usePromptStore } from "../prompts";
import { actionForKey } from "./registry";
import type { ActionContext } from "./types";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The keyboard layer: a key press runs the visible action bound to it. Nothing runs while a
 * dialog is open (the dialog owns Escape), and plain letters are left alone in text fields.
 */
export function useActionShortcuts(ctx: ActionContext): void {
  const ctxRef = useRef(ctx);
  useEffect(() => {
    ctxRef.current = ctx;
  }, [ctx]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || usePromptStore.getState().prompts.length > 0) return;
      const functionKey = /^F\d{1,2}$/.test(event.key);
      if (isTyping(event.target) && !functionKey) return;
      const action = actionForKey(event, ctxRef.current);
      if (!action) return;
      event.preventDefault();
      Promise.resolve(action.perform(ctxRef.current)).catch(handleError);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
