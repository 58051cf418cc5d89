import { useQuery } from "@tanstack/react-query";
import type { ChecksumAlgorithm, Item, Resource } from "@scriptorium/shared";
import { apiCall, apiUrl } from "./client";
import { encodePath } from "../lib/paths";
import { takeEarlyResource } from "./prefetch";
import { parseModified } from "../lib/format-date";

/** TanStack Query key of a resource; folder paths end with "/". */
export const resourceKey = (path: string) => ["resource", path] as const;

/** GET /api/resources{path}: a file's info or a folder's listing. */
export function fetchResource(path: string, signal?: AbortSignal): Promise<Resource> {
  return apiCall("getResource", { path, signal });
}

/**
 * The resource shown at `path`. The first ask for the page's own path takes the answer that
 * index.html's script asked for while the bundle loaded (prefetch.ts).
 */
export function useResource(path: string) {
  return useQuery({
    queryKey: resourceKey(path),
    queryFn: async ({ signal }) => (await takeEarlyResource(path)) ?? fetchResource(path, signal),
  });
}

/** The `/files…` url of an item: each name encoded, folders end with "/". */
export function itemUrl(item: Pick<Item, "path" | "isDir">): string {
  const path = encodePath(item.path);
  return `/files${path}${item.isDir && !path.endsWith("/") ? "/" : ""}`;
}

const stripTrailingSlashes = (path: string) => path.replace(/\/+$/, "");

/**
 * SPEC.md §5 "Data Mismatch!": the server echoes the requested path; an answer for another
 * path (a stale or crossed response) must not be shown as this folder.
 */
export function isDataMismatch(requestedPath: string, resource: Pick<Resource, "path">): boolean {
  return stripTrailingSlashes(resource.path) !== stripTrailingSlashes(requestedPath);
}

/** GET …?checksum=algo: the lowercase hex digest, computed by the server on request. */
export async function fetchChecksum(path: string, algo: ChecksumAlgorithm): Promise<string> {
  const res = await apiCall("getResource", { path, query: { checksum: algo } });
  return res.checksums?.[algo] ?? "";
}

/** POST: a new folder when `path` ends with "/", else a new empty file (409 if it exists). */
export async function createEntry(path: string, override = false): Promise<void> {
  await apiCall("createResource", { path, query: { override: String(override) }, rawBody: "" });
}

/** Above this many characters a text is sent as a Blob. */
const BLOB_BODY_CHARS = 64 * 1024;

/**
 * PUT: saves a text file's content. A large text goes as a Blob: given a string, Chromium held
 * the page for about 0.4 s on a 2.5 MB transcription handing it to the request; a Blob's bytes
 * (the same UTF-8) reach the request without that.
 */
export async function saveFile(path: string, content: string): Promise<void> {
  const rawBody =
    content.length > BLOB_BODY_CHARS
      ? new Blob([content], { type: "text/plain;charset=UTF-8" })
      : content;
  await apiCall("saveResource", { path, rawBody });
}

/**
 * URLs of a file's bytes. The `auth` cookie authenticates these same-origin GETs, so no token
 * goes into URLs (and browser history).
 */
export const fileUrls = {
  raw: (path: string, inline = false) =>
    apiUrl(`/api/raw${encodePath(path)}${inline ? "?inline=true" : ""}`),
  /** Opens .html/.htm in a sandboxed page whose relative links keep working (API.md Part A §11). */
  inline: (path: string) => apiUrl(`/api/raw-inline${encodePath(path)}`),
  preview: (size: "thumb" | "big", item: Pick<Item, "path" | "modified">) =>
    apiUrl(
      `/api/preview/${size}${encodePath(item.path)}?inline=true&key=${parseModified(item.modified)}`,
    ),
  subtitle: (path: string) => apiUrl(`/api/subtitle${encodePath(path)}?inline=true`),
};
