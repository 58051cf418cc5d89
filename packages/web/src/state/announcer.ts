import { create } from "zustand";

export type Politeness = "polite" | "assertive";

interface AnnouncerState {
  polite: string;
  assertive: string;
}

export const useAnnouncerStore = create<AnnouncerState>()(() => ({ polite: "", assertive: "" }));

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `message` to screen readers through the page's two live regions (WCAG 4.1.3): polite
 * for news (an upload done, items copied), assertive for errors. The regions are always in
 * the document, so that a change of their text is announced. Saying the same message again
 * is announced again (the region is emptied first).
 */
export function announce(message: string, politeness: Politeness = "polite"): void {
  useAnnouncerStore.setState({ [politeness]: "" });
  // A tick later, so that the emptied region is seen before the new text.
  setTimeout(() => useAnnouncerStore.setState({ [politeness]: message }), 50);
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => useAnnouncerStore.setState({ polite: "", assertive: "" }), 10_000);
}
