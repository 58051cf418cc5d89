/*
 * Height of the shell panel's terminal (below its divider), in pixels: 25em by default, at
 * least 2.25em (one input line), at most the window height minus 4em. Remembered per browser.
 */

export const DEFAULT_HEIGHT_EM = 25;
export const MIN_HEIGHT_EM = 2.25;
export const WINDOW_MARGIN_EM = 4;
const STORAGE_KEY = "shellHeight";

/** Pixels of 1em at the root (16 when the page gives none, as in tests). */
export function remPixels(): number {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

export function clampHeight(px: number, em = remPixels(), windowHeight = window.innerHeight) {
  const min = MIN_HEIGHT_EM * em;
  const max = Math.max(min, windowHeight - WINDOW_MARGIN_EM * em);
  return Math.round(Math.min(max, Math.max(min, px)));
}

export function loadHeight(): number {
  let stored = NaN;
  try {
    stored = Number(localStorage.getItem(STORAGE_KEY) ?? NaN);
  } catch {
    // Storage may be off; the default serves.
  }
  return clampHeight(Number.isFinite(stored) ? stored : DEFAULT_HEIGHT_EM * remPixels());
}

export function saveHeight(px: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(Math.round(px)));
  } catch {
    // Not remembered, but still applied.
  }
}
