/*
 * Keeping what the reader looks at where it is while a listing reloads: the first item in view
 * is noted before, and the page scrolled by however far that item moved after (an entry added
 * above it would otherwise push everything down).
 */

export interface ScrollAnchor {
  name: string;
  top: number;
}

/** The fixed header covers the top of the window: items under it are not in view. */
const COVERED_PX = 80;

const items = () =>
  document.querySelectorAll<HTMLElement>(
    '[data-testid="listing-items"] [data-testid="listing-item"]',
  );

/** The first listing item in view, or null at the top of the page (nothing to keep). */
export function captureAnchor(): ScrollAnchor | null {
  if (window.scrollY <= 0) return null;
  for (const element of items()) {
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > COVERED_PX && element.dataset.name !== undefined) {
      return { name: element.dataset.name, top };
    }
  }
  return null;
}

/** Scrolls so that the anchor's item is where it was (nothing when it is gone). */
export function restoreAnchor(anchor: ScrollAnchor): void {
  for (const element of items()) {
    if (element.dataset.name !== anchor.name) continue;
    const moved = element.getBoundingClientRect().top - anchor.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    return;
  }
}
