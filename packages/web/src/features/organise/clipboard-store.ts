import { create } from "zustand";
import type { OrganiseItem } from "./organise-api";

/**
 * The file clipboard (SPEC.md §3): `key` "c" after Ctrl/Cmd+C, "x" after Ctrl/Cmd+X, the
 * items and the folder they came from. It lives in memory, so it survives navigation inside
 * the app but not a reload, and it is never the system clipboard.
 */
export interface ClipboardState {
  key: "c" | "x" | null;
  items: readonly OrganiseItem[];
  /** The folder the items were copied or cut in (decoded, ending with "/"). */
  path: string | null;
}

const EMPTY: ClipboardState = { key: null, items: [], path: null };

export const useClipboardStore = create<ClipboardState>()(() => EMPTY);

export const getClipboard = () => useClipboardStore.getState();

/** Ctrl/Cmd+C: the items will be copied where they are pasted. */
export function copyToClipboard(items: readonly OrganiseItem[], path: string): void {
  useClipboardStore.setState({ key: "c", items: [...items], path });
}

/** Ctrl/Cmd+X: the items will be moved where they are pasted. */
export function cutToClipboard(items: readonly OrganiseItem[], path: string): void {
  useClipboardStore.setState({ key: "x", items: [...items], path });
}

export function clearClipboard(): void {
  useClipboardStore.setState(EMPTY);
}

/**
 * Drops items whose path is gone (moved, renamed or deleted), with anything inside them;
 * an emptied clipboard is cleared (SPEC.md §4: cut then paste clears the clipboard).
 */
export function forgetPaths(paths: readonly string[]): void {
  const { items } = getClipboard();
  if (items.length === 0 || paths.length === 0) return;
  const gone = new Set(paths.map((path) => path.replace(/\/+$/, "")));
  const kept = items.filter((item) => !isGone(item.from, gone));
  if (kept.length === items.length) return;
  if (kept.length === 0) clearClipboard();
  else useClipboardStore.setState({ items: kept });
}

/** `path` or one of its parent folders is in `gone`. */
function isGone(path: string, gone: ReadonlySet<string>): boolean {
  for (let at = path; at !== ""; at = at.slice(0, at.lastIndexOf("/"))) {
    if (gone.has(at)) return true;
  }
  return false;
}

/** The items' paths as a set, computed once per clipboard content (rows look up their own). */
const pathSets = new WeakMap<readonly OrganiseItem[], ReadonlySet<string>>();
function pathsOf(items: readonly OrganiseItem[]): ReadonlySet<string> {
  let paths = pathSets.get(items);
  if (!paths) {
    paths = new Set(items.map((item) => item.from));
    pathSets.set(items, paths);
  }
  return paths;
}

/** Whether the item at `path` waits in the clipboard to be moved: the listing dims it. */
export const useIsCut = (path: string) =>
  useClipboardStore((state) => state.key === "x" && pathsOf(state.items).has(path));
