import { useLayoutEffect, useState, useSyncExternalStore, type RefObject } from "react";
import { NARROW_BREAKPOINT_PX } from "@scriptorium/shared";

/** The content width of an element, kept up to date with a ResizeObserver. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;

function subscribeNarrow(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True at or below the narrow-screen breakpoint (736 px, SPEC.md §9). */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => typeof window.matchMedia === "function" && window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/**
 * Where an element starts in the document (its top plus the window's scroll), measured when it
 * mounts and again whenever the page's size changes (anything above it growing or shrinking
 * changes the body's height) or the window is resized. Never measured during a render or a
 * scroll: reading a position right after React changed the DOM forces the browser to lay the
 * page out an extra time in that frame.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = element.getBoundingClientRect().top + window.scrollY;
      setTop((current) => (Math.abs(next - current) > 0.5 ? next : current));
    };
    measure();
    window.addEventListener("resize", measure);
    if (typeof ResizeObserver === "undefined") {
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener("resize", measure);
      observer.disconnect();
    };
  }, [ref]);
  return top;
}
