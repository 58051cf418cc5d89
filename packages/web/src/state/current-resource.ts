import type { Resource } from "@scriptorium/shared";
import { create } from "zustand";
import { asFolder } from "../lib/paths";

/** What /files shows right now, for actions that work on it (info, new file, select all). */
export interface CurrentResource {
  /** Decoded path as requested (folders end with "/"). */
  path: string;
  resource: Resource;
}

export const useCurrentResourceStore = create<{ current: CurrentResource | null }>()(() => ({
  current: null,
}));

export const setCurrentResource = (current: CurrentResource | null) =>
  useCurrentResourceStore.setState({ current });

export const getCurrentResource = () => useCurrentResourceStore.getState().current;

/** The folder new entries go into: the listing on screen, else the root (SPEC.md §2). */
export function currentFolder(current: CurrentResource | null = getCurrentResource()): string {
  if (!current?.resource.isDir) return "/";
  return asFolder(current.path);
}
