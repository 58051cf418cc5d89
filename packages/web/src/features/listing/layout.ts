import type { ViewMode } from "@scriptorium/shared";

/** SPEC.md §9: mosaic tiles are about 280 px wide; gallery tiles are square images. */
export const MOSAIC_TILE_WIDTH = 280;
export const GALLERY_TILE_WIDTH = 200;
export const TILE_GAP = 10;
const LIST_ROW_HEIGHT = 52;
const LIST_ROW_HEIGHT_NARROW = 60;
const MOSAIC_TILE_HEIGHT = 68;
const GALLERY_CAPTION_HEIGHT = 40;

export interface GridLayout {
  columns: number;
  /** Height of one virtual row, gap included. */
  rowHeight: number;
}

/**
 * How a view mode lays items out in a container `width` px wide: rows of `columns` tiles,
 * each row `rowHeight` px tall. The virtualiser works on these rows.
 */
export function gridLayout(mode: ViewMode, width: number, narrow: boolean): GridLayout {
  if (mode === "list") {
    return { columns: 1, rowHeight: narrow ? LIST_ROW_HEIGHT_NARROW : LIST_ROW_HEIGHT };
  }
  if (mode === "mosaic") {
    const columns = Math.max(1, Math.floor((width + TILE_GAP) / (MOSAIC_TILE_WIDTH + TILE_GAP)));
    return { columns, rowHeight: MOSAIC_TILE_HEIGHT + TILE_GAP };
  }
  const columns = Math.max(2, Math.floor((width + TILE_GAP) / (GALLERY_TILE_WIDTH + TILE_GAP)));
  const tile = Math.max(0, (width - TILE_GAP * (columns - 1)) / columns);
  return { columns, rowHeight: Math.round(tile + GALLERY_CAPTION_HEIGHT + TILE_GAP) };
}

/** CSS class of a view mode ("mosaic gallery" → "view-mosaic-gallery"). */
export const viewClass = (mode: ViewMode) => `view-${mode.replace(/\s+/g, "-")}`;
