import path from "node:path";
import { isWithin } from "@scriptorium/shared";

/**
 * Normalises a request path (already percent-decoded once): collapses `//`, resolves `.` and `..`
 * without ever climbing above `/`, and reports whether it ended with a slash (API.md Part A §1).
 */
export function normalizeRequestPath(raw: string): { path: string; trailingSlash: boolean } {
  if (raw.includes("\0")) throw new Error("NUL byte in path");
  const trailingSlash = raw.length > 1 && raw.endsWith("/");
  const normalized = path.posix.normalize("/" + raw.replace(/\\/g, "/"));
  const clean = normalized.length > 1 ? normalized.replace(/\/+$/, "") : "/";
  return { path: clean, trailingSlash };
}

/** The folder on disk that is the user's scope: `root` joined with the cleaned scope. */
export function scopeRoot(serverRoot: string, scope: string): string {
  return path.join(path.resolve(serverRoot), path.posix.normalize("/" + scope));
}

/** Containment by path components, never by string prefix (`/a` does not contain `/ab`). */
export function isInside(root: string, candidate: string): boolean {
  return isWithin(path.resolve(root), path.resolve(candidate));
}

/** Cleans a username into a folder name (API.md §8.3); undefined when nothing usable is left. */
export function cleanUsernameForHome(username: string): string | undefined {
  const cleaned = username
    .trim()
    .replaceAll("..", "")
    .replace(/[^0-9A-Za-z@_\-.]/g, "-")
    .replace(/-+/g, "-");
  return cleaned === "" || cleaned === "-" || cleaned === "." ? undefined : cleaned;
}
