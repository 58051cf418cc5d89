/** CSS pixels per PDF point at 100 % (a PDF point is 1/72 in, a CSS pixel 1/96 in). */
export const CSS_PER_POINT = 96 / 72;

/** How the pages are sized: to the width, the whole page, or a fixed zoom (1 = 100 %). */
export type ZoomMode = "fit-width" | "fit-page" | { zoom: number };

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 5;
const STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5];

/** The zoom (1 = 100 %) of a mode for a page (points) in a viewing area (CSS pixels). */
export function zoomFor(
  mode: ZoomMode,
  page: { width: number; height: number },
  area: { width: number; height: number },
): number {
  if (typeof mode === "object") return clampZoom(mode.zoom);
  if (page.width <= 0 || page.height <= 0 || area.width <= 0) return 1;
  const byWidth = area.width / (page.width * CSS_PER_POINT);
  if (mode === "fit-width") return clampZoom(byWidth);
  const byHeight = area.height > 0 ? area.height / (page.height * CSS_PER_POINT) : byWidth;
  return clampZoom(Math.min(byWidth, byHeight));
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The next zoom step in (`1`) or out (`-1`) from `zoom`. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return STEPS.find((s) => s > zoom + 0.001) ?? MAX_ZOOM;
  return [...STEPS].reverse().find((s) => s < zoom - 0.001) ?? MIN_ZOOM;
}
