import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { clampHeight, loadHeight, remPixels, saveHeight } from "./panel-height";

/**
 * The panel's height and the handlers of its divider: drag with the pointer, or focus it and
 * press the arrow keys (Home and End for the extremes). The height follows window resizes.
 */
export function usePanelHeight() {
  const [height, setHeight] = useState(loadHeight);
  const dragging = useRef(false);

  useEffect(() => {
    const onResize = () => setHeight((current) => clampHeight(current));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const apply = (px: number) => {
    const next = clampHeight(px);
    setHeight(next);
    saveHeight(next);
  };

  const divider = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      dragging.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.preventDefault();
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!dragging.current) return;
      const rect = event.currentTarget.getBoundingClientRect();
      // The terminal starts right under the divider and ends at the bottom of the window.
      apply(window.innerHeight - event.clientY - rect.height / 2);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      dragging.current = false;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = 2 * remPixels();
      const moves: Record<string, number> = {
        ArrowUp: height + step,
        ArrowDown: height - step,
        Home: Number.POSITIVE_INFINITY,
        End: 0,
      };
      const target = moves[event.key];
      if (target === undefined) return;
      event.preventDefault();
      apply(target);
    },
  };

  return { height, divider };
}
