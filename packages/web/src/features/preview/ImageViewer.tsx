import type { Resource } from "@scriptorium/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton";
import { fileUrls } from "../../api/resource-api";
import { usePromptStore } from "../../prompts";
import { useElementSize } from "./use-element-size";
import { useZoomGestures } from "./use-zoom-gestures";
import {
  clampOffset,
  toggleZoomTarget,
  zoomAt,
  zoomLimits,
  zoomPercent,
  type Point,
  type Size,
  type View,
} from "./zoom";

const STEP = 1.5;
const FIT_MARGIN = 12;
const CENTRE: Point = { x: 0, y: 0 };

interface ImageViewerProps {
  resource: Resource;
  onSwipe: (direction: "left" | "right") => void;
  onError: () => void;
}

/**
 * The big preview (≤ 1080 px) fitted to the stage, with zoom by wheel, pinch, buttons, the
 * + and - keys, double click (fit ⇄ 100 %) and drag to pan. Past the preview's own resolution
 * the original file is loaded on top, so 100 % shows the original's pixels.
 */
export function ImageViewer({ resource, onSwipe, onError }: ImageViewerProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const stage = useElementSize(stageRef);
  const [natural, setNatural] = useState<Size | null>(null);
  // null: fitted, and it follows the stage's size.
  const [zoom, setZoom] = useState<View | null>(null);
  const [hiResLoaded, setHiResLoaded] = useState(false);

  // The fitted image keeps a little room around it.
  const frame = {
    width: Math.max(stage.width - 2 * FIT_MARGIN, 1),
    height: Math.max(stage.height - 2 * FIT_MARGIN, 1),
  };
  const limits = natural
    ? zoomLimits(natural, frame, longSide(resource))
    : { fit: 1, actual: 1, min: 1, max: 1 };
  const view: View = zoom ?? { scale: limits.fit, offset: CENTRE };
  const zoomed = zoom !== null && zoom.scale > limits.fit * 1.001;
  const wantsHiRes = natural !== null && limits.actual > 1 && view.scale > 1.05;

  const apply = useCallback(
    (next: View) => setZoom(next.scale <= limits.fit * 1.001 ? null : next),
    [limits.fit],
  );
  const zoomTo = (scale: number, anchor: Point) =>
    natural && apply(zoomAt(view, scale, anchor, limits, natural, stage));

  useZoomGestures(stageRef, {
    zoomBy: (factor, anchor) => zoomTo(view.scale * factor, anchor),
    panBy: (dx, dy) =>
      natural &&
      apply({
        scale: view.scale,
        offset: clampOffset(
          { x: view.offset.x + dx, y: view.offset.y + dy },
          view.scale,
          natural,
          stage,
        ),
      }),
    toggle: (anchor) => zoomTo(toggleZoomTarget(view.scale, limits), anchor),
    swipe: onSwipe,
    isZoomed: () => zoomed,
  });

  useZoomKeys((event) => {
    if (event.key === "+" || event.key === "=") zoomTo(view.scale * STEP, CENTRE);
    else if (event.key === "-") zoomTo(view.scale / STEP, CENTRE);
    else if (event.key === "0") setZoom(null);
    else return false;
    return true;
  });

  const box = natural
    ? {
        width: natural.width * view.scale,
        height: natural.height * view.scale,
        transform: `translate(-50%, -50%) translate(${view.offset.x}px, ${view.offset.y}px)`,
      }
    : undefined;

  return (
    <div
      ref={stageRef}
      className={`preview-image${zoomed ? " preview-image--zoomed" : ""}`}
      data-zoom={zoomPercent(view.scale, limits)}
    >
      <img
        className="preview-image__img"
        src={fileUrls.preview("big", resource)}
        alt={resource.name}
        data-testid="preview-image"
        draggable={false}
        style={box ?? { visibility: "hidden" }}
        onLoad={(event) => {
          const img = event.currentTarget;
          setNatural({ width: img.naturalWidth || 300, height: img.naturalHeight || 300 });
        }}
        onError={onError}
      />
      {(wantsHiRes || hiResLoaded) && (
        <img
          className="preview-image__img preview-image__hires"
          src={fileUrls.raw(resource.path, true)}
          alt=""
          draggable={false}
          style={{ ...box, opacity: hiResLoaded ? 1 : 0 }}
          onLoad={() => setHiResLoaded(true)}
        />
      )}
      {natural && (
        <ZoomBar
          percent={zoomPercent(view.scale, limits)}
          canZoomOut={view.scale > limits.min * 1.001}
          canZoomIn={view.scale < limits.max * 0.999}
          fitted={!zoomed}
          zoomOut={() => zoomTo(view.scale / STEP, CENTRE)}
          zoomIn={() => zoomTo(view.scale * STEP, CENTRE)}
          fit={() => setZoom(null)}
        />
      )}
    </div>
  );
}

/** The original's long side, when the server could read the image's header. */
function longSide(resource: Resource): number | undefined {
  const { resolution } = resource;
  return resolution ? Math.max(resolution.width, resolution.height) : undefined;
}

/**
 * The zoom keys on the whole page while no dialog is open and no modifier is held: `handle`
 * answers whether it used the key (then its default is prevented).
 */
function useZoomKeys(handle: (event: KeyboardEvent) => boolean) {
  const keys = useRef(handle);
  useEffect(() => {
    keys.current = handle;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (usePromptStore.getState().prompts.length > 0) return;
      if (keys.current(event)) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

interface ZoomBarProps {
  percent: number;
  canZoomOut: boolean;
  canZoomIn: boolean;
  fitted: boolean;
  zoomOut: () => void;
  zoomIn: () => void;
  fit: () => void;
}

/** Zoom out, the zoom level, zoom in, fit. */
function ZoomBar({ percent, canZoomOut, canZoomIn, fitted, zoomOut, zoomIn, fit }: ZoomBarProps) {
  const { t } = useTranslation();
  return (
    <div className="preview-zoom" role="toolbar" aria-label={t("preview.zoom")} data-gesture-ignore>
      <ZoomStep way="out" enabled={canZoomOut} onClick={zoomOut} />
      <output className="preview-zoom__level" data-testid="preview-zoom-level">
        {percent}%
      </output>
      <ZoomStep way="in" enabled={canZoomIn} onClick={zoomIn} />
      <IconButton
        icon="fit"
        label={t("preview.fit")}
        aria-pressed={fitted}
        testId="preview-zoom-fit"
        onClick={fit}
      />
    </div>
  );
}

/** Zoom in or out one step. */
function ZoomStep(props: { way: "in" | "out"; enabled: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      icon={props.way === "in" ? "zoomIn" : "zoomOut"}
      label={t(props.way === "in" ? "preview.zoomIn" : "preview.zoomOut")}
      testId={`preview-zoom-${props.way}`}
      disabled={!props.enabled}
      onClick={props.onClick}
    />
  );
}
