/*
 * Path helpers of the web app, in one place. Paths are decoded, slash-separated and start with
 * "/"; a folder path ends with "/". Router paths (/files/…) are percent-encoded per segment.
 */
import { isWithin } from "@scriptorium/shared";

/** Percent-encodes every segment of a slash-separated path, keeping the slashes. */
export function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/** Decodes one segment; a malformed escape is kept as it is. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Decodes a path taken from the router location; malformed escapes are kept as they are. */
export function decodePath(path: string): string {
  return path.split("/").map(decodeSegment).join("/");
}

/**
 * Only same-app paths are accepted as a post-login target, so a crafted link cannot send the
 * user to another site ("//evil.example" or "https://…").
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = "/files/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}

const trimTrailingSlashes = (path: string) => path.replace(/\/+$/, "");

/** A folder path with exactly one trailing slash ("/a" → "/a/", "" → "/"). */
export function asFolder(path: string): string {
  return `${trimTrailingSlashes(path)}/`;
}

/** The folder an item sits in, ending with "/" ("/a/b.txt" → "/a/", "/a/b/" → "/a/"); "/" for the root. */
export function parentFolder(path: string): string {
  const trimmed = trimTrailingSlashes(path);
  return trimmed.slice(0, trimmed.lastIndexOf("/") + 1) || "/";
}

/** The last segment of a path: "/subs/en.vtt" → "en.vtt", "/a/b/" → "b". */
export function baseName(path: string): string {
  const trimmed = trimTrailingSlashes(path);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** `name` inside `folder`; a folder path gets a trailing slash (what POST expects for dirs). */
export function childPath(folder: string, name: string, isDir: boolean): string {
  return `${asFolder(folder)}${name}${isDir ? "/" : ""}`;
}

/**
 * True when `folder` is `dir` itself or inside it: a folder cannot go into itself. The server's
 * check, by whole components (`isWithin` of packages/shared), so both sides agree.
 */
export function isInside(folder: string, dir: string): boolean {
  return isWithin(dir, folder);
}

/** The levels of a folder path: [{ name, path }] from the first folder below the root. */
export function levelsOf(folder: string): { name: string; path: string }[] {
  const levels: { name: string; path: string }[] = [];
  let path = "/";
  for (const name of folder.split("/").filter(Boolean)) {
    path += `${name}/`;
    levels.push({ name, path });
  }
  return levels;
}

/**
 * A path to put inside a translated sentence: isolated as left-to-right text, so that its
 * slashes stay in place in Hebrew and Arabic (U+2066 … U+2069).
 */
export const isolatePath = (path: string) => `\u2066${path}\u2069`;

export interface Crumb {
  /** Decoded name to display; "..." for the collapsed part. */
  name: string;
  /** Router path of the folder, ending with a slash; empty for the ellipsis. */
  to: string;
}

/** How many trailing levels stay visible (SPEC.md §2: last 3 levels plus an ellipsis). */
const VISIBLE_LEVELS = 3;

/**
 * Breadcrumbs of a /files/ path below the root (the root is drawn separately as "My files").
 * `path` is the part after /files, percent-encoded as in the URL, e.g. "/a/b%20c/".
 */
export function breadcrumbs(path: string, prefix = "/files"): Crumb[] {
  const crumbs: Crumb[] = [];
  let url = prefix;
  for (const segment of path.split("/").filter((s) => s !== "")) {
    url += `/${segment}`;
    crumbs.push({ name: decodeSegment(segment), to: `${url}/` });
  }
  if (crumbs.length <= VISIBLE_LEVELS) return crumbs;
  return [{ name: "...", to: "" }, ...crumbs.slice(-VISIBLE_LEVELS)];
}
