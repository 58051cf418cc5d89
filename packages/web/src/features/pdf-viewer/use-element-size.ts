import { useLayoutEffect, useState, type RefObject } from "react";

/** The content size of an element, followed as it changes. */
export function useElementSize(ref: RefObject<HTMLElement | null>): {
  width: number;
  height: number;
} {
  const [size, setSize] = useState({ width: 0, height: 0 });
  // Read before the first paint: what depends on the size is drawn once, at the right size.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () =>
      setSize((prev) =>
        prev.width === element.clientWidth && prev.height === element.clientHeight
          ? prev
          : { width: element.clientWidth, height: element.clientHeight },
      );
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
