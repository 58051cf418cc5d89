import { useSyncExternalStore } from "react";

export type DocumentTheme = "light" | "dark";

function read(): DocumentTheme {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/** The theme features/theme applied (`data-theme` on the root element), followed live. */
export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(subscribe, read, () => "light");
}
