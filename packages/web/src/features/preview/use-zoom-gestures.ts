import { useEffect, useRef, type RefObject } from "react";
import type { Point } from "./zoom";

export interface GestureHandlers {
  /** Zoom by `factor` around `anchor` (relative to the stage's centre). */
  zoomBy: (factor: number, anchor: Point) => void;
  /** Move the image by a delta, when it is larger than the stage. */
  panBy: (dx: number, dy: number) => void;
  /** Double click or double tap at `anchor`. */
  toggle: (anchor: Point) => void;
  /** A horizontal one-finger swipe on the fitted image. */
  swipe: (direction: "left" | "right") => void;
  isZoomed: () => boolean;
}

const SWIPE_MIN_PX = 60;

/** Buttons on the stage (the zoom bar) keep their own clicks. */
const onControl = (event: Event) =>
  event.target instanceof Element && event.target.closest("[data-gesture-ignore]") !== null;
const SWIPE_MAX_MS = 700;
const DOUBLE_TAP_MS = 300;

/**
 * Wheel, drag, pinch, double click/tap and swipe on the image stage, with native listeners:
 * the wheel listener must be non-passive to keep the page from scrolling.
 */
export function useZoomGestures(stage: RefObject<HTMLElement | null>, handlers: GestureHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const pointers = new Map<number, Point>();
    let pinchDistance = 0;
    let swipeStart: (Point & { time: number }) | null = null;
    let lastTap = 0;
    let lastPointerType = "mouse";

    const anchorOf = (clientX: number, clientY: number): Point => {
      const rect = element.getBoundingClientRect();
      return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
    };
    const pair = () => [...pointers.values()] as [Point, Point];
    const distance = ([a, b]: [Point, Point]) => Math.hypot(a.x - b.x, a.y - b.y);

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      // Pixel deltas of mice and touchpads; line deltas (Firefox) are scaled up.
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      // A touchpad pinch arrives as ctrl+wheel with small deltas: make it as quick as a pinch.
      const speed = event.ctrlKey ? 0.01 : 0.0015;
      latest.current.zoomBy(Math.exp(-delta * speed), anchorOf(event.clientX, event.clientY));
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || onControl(event)) return;
      lastPointerType = event.pointerType;
      element.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) {
        pinchDistance = distance(pair());
        swipeStart = null;
      } else if (pointers.size === 1) {
        swipeStart = { x: event.clientX, y: event.clientY, time: event.timeStamp };
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const point = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, point);
      if (pointers.size === 2) {
        const points = pair();
        const next = distance(points);
        const mid = { x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2 };
        if (pinchDistance > 0) latest.current.zoomBy(next / pinchDistance, anchorOf(mid.x, mid.y));
        pinchDistance = next;
      } else if (latest.current.isZoomed()) {
        latest.current.panBy(point.x - previous.x, point.y - previous.y);
      }
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      const start = swipeStart;
      if (pointers.size > 0 || !start) return;
      swipeStart = null;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      const quick = event.timeStamp - start.time < SWIPE_MAX_MS;
      if (event.pointerType !== "mouse" && Math.hypot(dx, dy) < 10) {
        // Double tap (mice use dblclick).
        if (event.timeStamp - lastTap < DOUBLE_TAP_MS) {
          lastTap = 0;
          latest.current.toggle(anchorOf(event.clientX, event.clientY));
        } else {
          lastTap = event.timeStamp;
        }
        return;
      }
      const horizontal = Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > 1.5 * Math.abs(dy);
      if (event.pointerType !== "mouse" && quick && horizontal && !latest.current.isZoomed()) {
        latest.current.swipe(dx < 0 ? "left" : "right");
      }
    };
    const onDoubleClick = (event: MouseEvent) => {
      // Touch screens may add a dblclick after a double tap, which was handled already.
      if (lastPointerType !== "mouse" || onControl(event)) return;
      latest.current.toggle(anchorOf(event.clientX, event.clientY));
    };

    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerUp);
    element.addEventListener("pointercancel", onPointerUp);
    element.addEventListener("dblclick", onDoubleClick);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerup", onPointerUp);
      element.removeEventListener("pointercancel", onPointerUp);
      element.removeEventListener("dblclick", onDoubleClick);
    };
  }, [stage]);
}
