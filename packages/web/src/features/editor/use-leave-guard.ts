import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { showPrompt } from "../../prompts";

/**
 * While there are unsaved changes: navigation inside the app (links, the close button, the
 * browser's back button) asks first with the discardEditorChanges prompt, and closing or
 * reloading the tab gets the browser's own warning. The login page is let through: it means
 * the session ended, and there is nothing to save with anymore.
 */
export function useLeaveGuard(dirty: boolean, onDiscard: () => void): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== "/login",
  );
  const onDiscardRef = useRef(onDiscard);
  useEffect(() => {
    onDiscardRef.current = onDiscard;
  });

  // One prompt per blocked navigation, even when effects run twice (StrictMode).
  const askedFor = useRef<unknown>(null);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker.location) return;
    askedFor.current = blocker.location;
    let discarded = false;
    showPrompt(
      {
        name: "discardEditorChanges",
        onDiscard: () => {
          discarded = true;
          onDiscardRef.current();
          blocker.proceed();
        },
      },
      () => {
        if (!discarded) blocker.reset();
      },
    );
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
