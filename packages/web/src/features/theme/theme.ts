import { getGlobals, staticUrl } from "../../lib/globals";

type Resolved = "light" | "dark";

function setTheme(theme: Resolved): void {
  document.documentElement.dataset.theme = theme;
}

let stopFollowing: () => void = () => undefined;

/**
 * Applies the Theme global: "light", "dark", or "" to follow the system preference live
 * (SPEC.md §4). Returns a function that stops following the system. Applied again (a saved
 * branding, issue 31), it first stops following the system for the previous call.
 */
export function applyTheme(theme = getGlobals().Theme): () => void {
  stopFollowing();
  stopFollowing = () => undefined;
  if (theme === "light" || theme === "dark") {
    setTheme(theme);
    return () => undefined;
  }
  const query = window.matchMedia?.("(prefers-color-scheme: dark)");
  if (!query) {
    setTheme("light");
    return () => undefined;
  }
  const follow = () => setTheme(query.matches ? "dark" : "light");
  follow();
  query.addEventListener("change", follow);
  stopFollowing = () => query.removeEventListener("change", follow);
  return stopFollowing;
}

/** Branding colour (accent) and the optional custom stylesheet of the branding folder. */
export function applyBranding(): void {
  const { Color, CSS: hasCustomCss } = getGlobals();
  const root = document.documentElement;
  if (Color && window.CSS?.supports?.("color", Color)) {
    root.style.setProperty("--accent", Color);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", Color);
  } else {
    // A colour removed from the branding: the theme's own accent again.
    root.style.removeProperty("--accent");
  }
  // The server may already have linked it (API.md §11.2); never load it twice.
  const linked = document.querySelector('link[rel="stylesheet"][href$="/custom.css"]');
  if (hasCustomCss && !linked) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = staticUrl("custom.css");
    document.body.appendChild(link);
  }
}
