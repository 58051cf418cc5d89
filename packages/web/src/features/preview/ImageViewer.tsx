import type { Resource } from "@scriptorium/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
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
  const { t } = useTranslation();
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

  const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    keys.current = (event) => {
      if (event.key === "+" || event.key === "=") zoomTo(view.scale * STEP, CENTRE);
      else if (event.key === "-") zoomTo(view.scale / STEP, CENTRE);
      else if (event.key === "0") setZoom(null);
      else return;
      event.preventDefault();
    };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (usePromptStore.getState().prompts.length > 0) return;
      keys.current(event);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

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
        <div
          className="preview-zoom"
          role="toolbar"
          aria-label={t("preview.zoom")}
          data-gesture-ignore
        >
          <button
            type="button"
            className="icon-button"
            title={t("preview.zoomOut")}
            aria-label={t("preview.zoomOut")}
            data-testid="preview-zoom-out"
            disabled={view.scale <= limits.min * 1.001}
            onClick={() => zoomTo(view.scale / STEP, CENTRE)}
          >
            <Icon name="zoomOut" />
          </button>
          <output className="preview-zoom__level" data-testid="preview-zoom-level">
            {zoomPercent(view.scale, limits)}%
          </output>
          <button
            type="button"
            className="icon-button"
            title={t("preview.zoomIn")}
            aria-label={t("preview.zoomIn")}
            data-testid="preview-zoom-in"
            disabled={view.scale >= limits.max * 0.999}
            onClick={() => zoomTo(view.scale * STEP, CENTRE)}
          >
            <Icon name="zoomIn" />
          </button>
          <button
            type="button"
            className="icon-button"
            title={t("preview.fit")}
            aria-label={t("preview.fit")}
            aria-pressed={!zoomed}
            data-testid="preview-zoom-fit"
            onClick={() => setZoom(null)}
          >
            <Icon name="fit" />
          </button>
        </div>
      )}
    </div>
  );
}

/** The original's long side, when the server could read the image's header. */
function longSide(resource: Resource): number | undefined {
  const { resolution } = resource;
  return resolution ? Math.max(resolution.width, resolution.height) : undefined;
}
