import type { Item } from "@scriptorium/shared";
import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from "react";
import {
  extendTo,
  moveActive,
  selectByClick,
  setActive,
  useSelectionStore,
} from "../../state/selection-store";
import { keyTarget, typeAheadIndex } from "./listing-keys";

/** The folder last opened from the keyboard: its listing takes the focus once it shows. */
let focusNextListing: string | null = null;

const folderKey = (path: string) => path.replace(/\/+$/, "");

/** True once, for the listing of the folder just opened with Enter (it then focuses itself). */
export function takeListingFocus(path: string): boolean {
  if (focusNextListing === null || folderKey(path) !== focusNextListing) return false;
  focusNextListing = null;
  return true;
}

/** Letters typed within this time make one type-ahead prefix. */
const TYPE_AHEAD_MS = 700;

interface Options {
  items: readonly Item[];
  columns: number;
  rowHeight: number;
  open: (item: Item) => void;
  /** Brings row `row` into view (the listing is virtualised: it may not be rendered). */
  reveal: (row: number) => void;
}

/**
 * The listing as one composite widget (WCAG 2.1.1, the APG listbox pattern): it is a single
 * Tab stop and the keys move the keyboard's place among the items — arrows, Home/End,
 * PageUp/PageDown, type-ahead on names — Space selects, Shift with a move extends the
 * selection, Enter opens. Ctrl/Cmd shortcuts and Escape stay with the app's shortcuts.
 */
export function useListingKeyboard(options: Options) {
  const ref = useRef(options);
  useEffect(() => {
    ref.current = options;
  });
  const typed = useRef({ text: "", at: 0 });

  const names = () => ref.current.items.map((item) => item.name);
  const activeIndex = () => {
    const { active } = useSelectionStore.getState();
    return active === null ? -1 : ref.current.items.findIndex((item) => item.name === active);
  };
  const goTo = (index: number, extend: boolean) => {
    const { items, columns, reveal } = ref.current;
    const item = items[index];
    if (!item) return;
    if (extend) extendTo(item.name, names());
    else moveActive(item.name);
    reveal(Math.floor(index / columns));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const { items, columns, rowHeight, open } = ref.current;
    const index = activeIndex();
    const pageRows = Math.floor((window.innerHeight - 160) / Math.max(rowHeight, 1));
    const rtl = document.documentElement.dir === "rtl";
    const target = keyTarget(event.key, index, { count: items.length, columns, pageRows, rtl });
    if (target !== null) {
      event.preventDefault();
      goTo(target, event.shiftKey);
      return;
    }
    const item = items[index];
    if (event.key === "Enter") {
      if (!item) return;
      event.preventDefault();
      focusNextListing = item.isDir ? folderKey(item.path) : null;
      open(item);
    } else if (event.key === " ") {
      event.preventDefault();
      if (!item) goTo(0, false);
      else if (event.shiftKey) extendTo(item.name, names());
      else selectByClick(item.name, names(), { toggle: true });
    } else if (event.key.length === 1) {
      // A printable character: type-ahead on the names.
      const now = event.timeStamp || performance.now();
      const text =
        now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key;
      typed.current = { text, at: now };
      const found = typeAheadIndex(names(), index, text);
      if (found >= 0) {
        event.preventDefault();
        goTo(found, false);
      }
    }
  };

  // Focus arriving by Tab lands on the first selected item, or on the first item.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || activeIndex() >= 0) return;
    const { items } = ref.current;
    const { selected } = useSelectionStore.getState();
    const first = items.find((item) => selected.has(item.name)) ?? items[0];
    if (first) setActive(first.name);
  };

  return { onKeyDown, onFocus };
}
