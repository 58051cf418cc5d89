import type { Item } from "@scriptorium/shared";
import { useEffect, useMemo, useRef, type MouseEvent } from "react";
import { selectByClick, useSelectionStore } from "../state/selection-store";

/** Stable callbacks shared by every item of a listing (they read the latest state by ref). */
export interface ItemHandlers {
  click: (item: Item, event: MouseEvent) => void;
  open: (item: Item) => void;
}

/** SPEC.md §9: the second click or tap within 300 ms opens the item. */
export const DOUBLE_CLICK_MS = 300;

interface Options {
  /** Names in display order, for shift ranges. */
  order: readonly string[];
  /** The user's singleClick setting: a plain click opens. */
  singleClick: boolean;
  open: (item: Item) => void;
}

/**
 * Click handling of listing items (the keys are the listing's, see use-listing-keyboard) (SPEC.md §2 Selection). The handlers are created
 * once and read the latest options through a ref, so memoised rows never re-render for them.
 * Taps arrive as clicks too, so the same timing gives the double tap.
 */
export function useItemHandlers(options: Options): ItemHandlers {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  const last = useRef<{ name: string; time: number } | null>(null);

  return useMemo<ItemHandlers>(
    () => ({
      click(item, event: MouseEvent) {
        const { order, singleClick, open } = ref.current;
        const mods = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
        const plain = !mods.shift && !mods.toggle;
        const multiple = useSelectionStore.getState().multiple;
        if (plain && singleClick && !multiple) {
          open(item);
          return;
        }
        const now = event.timeStamp || performance.now();
        const previous = last.current;
        if (plain && previous?.name === item.name && now - previous.time < DOUBLE_CLICK_MS) {
          last.current = null;
          open(item);
          return;
        }
        last.current = { name: item.name, time: now };
        selectByClick(item.name, order, mods);
      },
      open(item) {
        ref.current.open(item);
      },
    }),
    [],
  );
}
