import { useEffect, useRef, useState } from "react";
import "./tooltip.css";

/** What gets a tooltip: actions' icon buttons, and anything that names one in data-tooltip. */
const TARGET = "[data-tooltip], .icon-button[aria-label]";
const HOVER_DELAY_MS = 400;
/** The tooltip stays a moment after the pointer leaves its button (WCAG 1.4.13). */
const LEAVE_GRACE_MS = 150;
const MARGIN = 8;

interface Shown {
  text: string;
  anchor: DOMRect;
}

function targetOf(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>(TARGET) : null;
}

function labelOf(el: HTMLElement): string {
  return (el.dataset.tooltip ?? el.getAttribute("aria-label") ?? "").trim();
}

/**
 * One tooltip for the whole page: icon buttons show their name under them when hovered or
 * focused from the keyboard, and Escape dismisses it (WCAG 1.4.13). The name is already the
 * button's accessible name, so the tooltip is hidden from assistive technology.
 */
export function TooltipHost() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const show = (el: HTMLElement) => {
      const text = labelOf(el);
      if (!text || (el as HTMLButtonElement).disabled) return;
      current.current = el;
      setShown({ text, anchor: el.getBoundingClientRect() });
    };
    const hide = () => {
      clearTimeout(timer.current);
      current.current = null;
      setShown(null);
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const el = targetOf(event.target);
      if (tip.current?.contains(event.target as Node)) {
        clearTimeout(timer.current);
        return;
      }
      if (!el) return;
      if (el === current.current) {
        clearTimeout(timer.current);
        return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => show(el), current.current ? 0 : HOVER_DELAY_MS);
    };
    const onPointerOut = (event: PointerEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && (tip.current?.contains(to) || current.current?.contains(to))) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(hide, LEAVE_GRACE_MS);
    };
    const onFocusIn = (event: FocusEvent) => {
      const el = targetOf(event.target);
      if (el && el.matches(":focus-visible")) show(el);
      else hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && current.current) hide();
    };
    // [where, event, handler, capture]
    const listeners = [
      [document, "pointerover", onPointerOver, false],
      [document, "pointerout", onPointerOut, false],
      [document, "focusin", onFocusIn, false],
      [document, "focusout", hide, false],
      [document, "pointerdown", hide, true],
      [document, "keydown", onKeyDown, true],
      [window, "scroll", hide, true],
    ] as [EventTarget, string, (event: never) => void, boolean][];
    for (const [target, type, handler, capture] of listeners) {
      target.addEventListener(type, handler as EventListener, capture);
    }
    return () => {
      clearTimeout(timer.current);
      for (const [target, type, handler, capture] of listeners) {
        target.removeEventListener(type, handler as EventListener, capture);
      }
    };
  }, []);

  // Placed under the anchor, or above it near the bottom edge, and kept inside the window.
  useEffect(() => {
    if (!shown || !tip.current) {
      setPosition(null);
      return;
    }
    const { width, height } = tip.current.getBoundingClientRect();
    const { anchor } = shown;
    const maxLeft = window.innerWidth - width - MARGIN;
    const left = Math.max(MARGIN, Math.min(anchor.left + anchor.width / 2 - width / 2, maxLeft));
    const below = anchor.bottom + 6;
    const top = below + height + MARGIN > window.innerHeight ? anchor.top - height - 6 : below;
    setPosition({ left, top });
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      ref={tip}
      className="tooltip"
      aria-hidden="true"
      data-testid="tooltip"
      style={position ? { left: position.left, top: position.top } : { visibility: "hidden" }}
    >
      {shown.text}
    </div>
  );
}
