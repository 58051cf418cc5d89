import type { PageGlobals } from "@scriptorium/shared";
import { useSyncExternalStore } from "react";

/** What the app assumes when the server injected nothing (vite dev server, tests). */
export const DEFAULT_GLOBALS: PageGlobals = {
  AuthMethod: "json",
  BaseURL: "",
  CSS: false,
  Color: "",
  DisableExternal: false,
  DisableUsedPercentage: false,
  EditionTools: ["m2hv", "m2lv", "m2ledmac", "pdflatex"],
  EnableExec: true,
  EnableThumbs: true,
  LoginPage: true,
  Name: "Scriptorium",
  NoAuth: false,
  ReCaptcha: false,
  ResizePreview: true,
  Signup: false,
  StaticURL: "/static",
  Theme: "",
  TusSettings: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
  Version: "(untracked)",
};

const stripTrailingSlashes = (s: string) => s.replace(/\/+$/, "");

/**
 * The page globals of window.FileBrowser (API.md §11.2) merged over the defaults.
 * Read on every call (it is cheap) so tests can change window.FileBrowser between renders.
 */
export function getGlobals(): PageGlobals {
  const injected = typeof window === "undefined" ? undefined : window.FileBrowser;
  const merged: PageGlobals = { ...DEFAULT_GLOBALS, ...injected };
  return {
    ...merged,
    Name: merged.Name || DEFAULT_GLOBALS.Name,
    BaseURL: stripTrailingSlashes(merged.BaseURL),
    StaticURL: stripTrailingSlashes(merged.StaticURL),
  };
}

/** URL of a file under StaticURL, e.g. staticUrl("img/logo.svg"). */
export function staticUrl(file: string): string {
  return `${getGlobals().StaticURL}/${file.replace(/^\/+/, "")}`;
}

let revision = 0;
const listeners = new Set<() => void>();

/**
 * Changes globals in place (after the admin saved the settings they come from, issue 31), and
 * re-renders every component that reads them through useGlobals(): the header's name, the
 * document title, the login texts follow without a reload.
 */
export function updateGlobals(patch: Partial<PageGlobals>): void {
  window.FileBrowser = { ...window.FileBrowser, ...patch };
  revision += 1;
  for (const listener of listeners) listener();
}

/** Calls `listener` after every updateGlobals(); returns how to stop. */
export function subscribeGlobals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** getGlobals() in a component that re-renders when they change (updateGlobals). */
export function useGlobals(): PageGlobals {
  useSyncExternalStore(
    subscribeGlobals,
    () => revision,
    () => revision,
  );
  return getGlobals();
}
