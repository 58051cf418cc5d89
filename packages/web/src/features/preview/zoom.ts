/**
 * Zoom and pan of the image preview, as pure functions. `scale` is CSS pixels per pixel of the
 * displayed image (the 1080 px "big" preview); `offset` moves the image's centre away from the
 * stage's centre, in CSS pixels.
 */
export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface View {
  scale: number;
  offset: Point;
}

export interface ZoomLimits {
  /** The whole image in the stage, never enlarged past 100 %. */
  fit: number;
  /** 100 %: one pixel of the original (not of the preview) per CSS pixel. */
  actual: number;
  min: number;
  max: number;
}

/**
 * Limits for an image of `natural` size (as loaded) in a stage of `stage` size.
 * `originalLongSide` (from the resource's resolution) tells how much larger the original is
 * than the preview; the long side is compared so EXIF rotation does not matter.
 */
export function zoomLimits(natural: Size, stage: Size, originalLongSide?: number): ZoomLimits {
  const naturalLong = Math.max(natural.width, natural.height, 1);
  const ratio =
    originalLongSide && originalLongSide > naturalLong ? originalLongSide / naturalLong : 1;
  const room = Math.min(
    stage.width / Math.max(natural.width, 1),
    stage.height / Math.max(natural.height, 1),
  );
  const fit = Math.max(Math.min(ratio, room), 0.01);
  return { fit, actual: ratio, min: fit, max: Math.max(ratio * 4, fit * 8) };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Keeps the image over the stage: it can move only as far as it is larger than the stage. */
export function clampOffset(offset: Point, scale: number, natural: Size, stage: Size): Point {
  const maxX = Math.max(0, (natural.width * scale - stage.width) / 2);
  const maxY = Math.max(0, (natural.height * scale - stage.height) / 2);
  return { x: clamp(offset.x, -maxX, maxX), y: clamp(offset.y, -maxY, maxY) };
}

/**
 * Zooms to `scale` keeping the image point under `anchor` (relative to the stage's centre)
 * where it is, as wheel and pinch zooming do.
 */
export function zoomAt(
  view: View,
  scale: number,
  anchor: Point,
  limits: ZoomLimits,
  natural: Size,
  stage: Size,
): View {
  const next = clamp(scale, limits.min, limits.max);
  const factor = next / view.scale;
  const offset = {
    x: anchor.x - (anchor.x - view.offset.x) * factor,
    y: anchor.y - (anchor.y - view.offset.y) * factor,
  };
  return { scale: next, offset: clampOffset(offset, next, natural, stage) };
}

/** Double click: from the fitted view to 100 % (or twice the fit for small images), and back. */
export function toggleZoomTarget(current: number, limits: ZoomLimits): number {
  const zoomed = current > limits.fit * 1.001;
  if (zoomed) return limits.fit;
  return limits.actual > limits.fit * 1.05 ? limits.actual : Math.min(limits.fit * 2, limits.max);
}

/** The zoom as a percentage of the original's size. */
export function zoomPercent(scale: number, limits: ZoomLimits): number {
  return Math.round((scale / limits.actual) * 100);
}
