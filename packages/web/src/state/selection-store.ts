import { create } from "zustand";

/** How an item was clicked: shift extends a range, toggle is Ctrl or Cmd. */
export interface ClickModifiers {
  shift?: boolean;
  toggle?: boolean;
}

export interface SelectionState {
  /** The /files path the selection belongs to (decoded, as requested); null outside /files. */
  scope: string | null;
  /** Selected item names; names are unique within a folder and survive a reload. */
  selected: ReadonlySet<string>;
  /** The last item clicked without shift: where a shift range starts. */
  anchor: string | null;
  /** Multiple-selection mode: plain clicks toggle instead of replacing the selection. */
  multiple: boolean;
  /** The item the keyboard is on (the listing's active descendant), selected or not. */
  active: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The selection after a click on `name` (SPEC.md §2): shift adds the range from the anchor,
 * Ctrl/Cmd or multiple mode toggle one item, a plain click selects only that item — or, when
 * it is already selected, deselects it ("a click toggles", as File Browser does).
 * `order` is the listing's names in display order.
 */
export function clickSelection(
  state: Pick<SelectionState, "selected" | "anchor" | "multiple">,
  name: string,
  order: readonly string[],
  mods: ClickModifiers = {},
): Pick<SelectionState, "selected" | "anchor"> {
  const { selected, anchor } = state;
  if (mods.shift && anchor !== null) {
    const from = order.indexOf(anchor);
    const to = order.indexOf(name);
    if (from >= 0 && to >= 0) {
      const next = new Set(selected);
      const [start, end] = from <= to ? [from, to] : [to, from];
      for (let i = start; i <= end; i++) next.add(order[i] as string);
      return { selected: next, anchor };
    }
  }
  if (mods.toggle || mods.shift || state.multiple) {
    const next = new Set(selected);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    return { selected: next, anchor: name };
  }
  if (selected.has(name)) {
    const next = new Set(selected);
    next.delete(name);
    return { selected: next, anchor: name };
  }
  return { selected: new Set([name]), anchor: name };
}

export const useSelectionStore = create<SelectionState>()(() => ({
  scope: null,
  selected: EMPTY,
  anchor: null,
  multiple: false,
  active: null,
}));

const set = useSelectionStore.setState;
const get = useSelectionStore.getState;

/** Applies a click on an item of the current listing. */
export function selectByClick(name: string, order: readonly string[], mods?: ClickModifiers) {
  set({ ...clickSelection(get(), name, order, mods), active: name });
}

/** Moves the keyboard's place in the listing without touching the selection. */
export function setActive(name: string | null) {
  if (get().active !== name) set({ active: name });
}

/** A plain arrow key: the keyboard moves on, and a later Shift+arrow extends from there. */
export function moveActive(name: string) {
  set({ active: name, anchor: null });
}

/**
 * Shift with an arrow key: the selection becomes the range from the anchor (or the item the
 * keyboard was on) to `name`, which becomes the active item.
 */
export function extendTo(name: string, order: readonly string[]) {
  const { anchor, active } = get();
  const from = anchor ?? active ?? name;
  const a = order.indexOf(from);
  const b = order.indexOf(name);
  if (a < 0 || b < 0) {
    set({ selected: new Set([name]), anchor: name, active: name });
    return;
  }
  const [start, end] = a <= b ? [a, b] : [b, a];
  set({ selected: new Set(order.slice(start, end + 1)), anchor: from, active: name });
}

export function selectAll(names: readonly string[]) {
  set({ selected: new Set(names) });
}

export function clearSelection() {
  if (get().selected.size > 0 || get().anchor !== null) set({ selected: EMPTY, anchor: null });
}

export function setMultiple(multiple: boolean) {
  set({ multiple });
}

/** Drops names no longer in the listing (after a reload, a delete or a restored selection). */
export function pruneSelection(names: readonly string[]) {
  const { selected, anchor, active } = get();
  if (selected.size === 0 && active === null) return;
  const present = new Set(names);
  if (active !== null && !present.has(active)) set({ active: null });
  if (selected.size === 0) return;
  const kept = [...selected].filter((name) => present.has(name));
  if (kept.length === selected.size) return;
  set({ selected: new Set(kept), anchor: anchor !== null && present.has(anchor) ? anchor : null });
}

/* Persistence: the selection of the listing on screen is kept in sessionStorage under its
   path, and read back only when the same path is entered from a fresh page load (a reload of
   the same listing). Any route change replaces the stored entry, so the selection resets. */

const STORAGE_KEY = "scriptorium.selection";

interface Stored {
  scope: string;
  names: string[];
}

function readStored(scope: string): string[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return [];
    const stored = JSON.parse(raw) as Partial<Stored>;
    return stored.scope === scope && Array.isArray(stored.names)
      ? stored.names.filter((n): n is string => typeof n === "string")
      : [];
  } catch {
    return [];
  }
}

function writeStored(state: SelectionState) {
  try {
    if (state.scope === null || state.selected.size === 0) sessionStorage.removeItem(STORAGE_KEY);
    else {
      const stored: Stored = { scope: state.scope, names: [...state.selected] };
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    }
  } catch {
    // Storage full or unavailable: the selection just won't survive a reload.
  }
}

let writeTimer: ReturnType<typeof setTimeout> | undefined;
useSelectionStore.subscribe((state, previous) => {
  if (state.selected === previous.selected && state.scope === previous.scope) return;
  // Selecting all of a 100,000-entry folder writes a large entry: once, after the clicks.
  clearTimeout(writeTimer);
  writeTimer = setTimeout(() => writeStored(useSelectionStore.getState()), 150);
});
if (typeof window !== "undefined") {
  // A reload right after a click must not lose it.
  window.addEventListener("pagehide", () => {
    clearTimeout(writeTimer);
    writeStored(useSelectionStore.getState());
  });
}

let leaveTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The page shows `scope` (a /files path): a new scope starts with an empty selection, or with
 * the stored one when this is a reload of that same listing.
 */
export function enterScope(scope: string) {
  clearTimeout(leaveTimer);
  const state = get();
  if (state.scope === scope) return;
  const names = state.scope === null ? readStored(scope) : [];
  set({
    scope,
    selected: names.length > 0 ? new Set(names) : EMPTY,
    anchor: null,
    active: null,
  });
}

/**
 * The page left /files. Deferred by a tick so that a remount of the same page (React's
 * StrictMode runs effects twice) keeps the selection.
 */
export function leaveScope() {
  clearTimeout(leaveTimer);
  leaveTimer = setTimeout(() => {
    set({ scope: null, selected: EMPTY, anchor: null, multiple: false, active: null });
  }, 0);
}

/** Per-row subscription: a row re-renders only when its own state changes. */
export const useIsSelected = (name: string) =>
  useSelectionStore((state) => state.selected.has(name));
export const useIsActive = (name: string) => useSelectionStore((state) => state.active === name);
export const useActiveName = () => useSelectionStore((state) => state.active);
export const useSelectedCount = () => useSelectionStore((state) => state.selected.size);
export const useMultipleMode = () => useSelectionStore((state) => state.multiple);
