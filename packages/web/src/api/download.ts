import { apiUrl } from "./client";
import { encodePath } from "../lib/paths";

/** SPEC.md §9 archive formats and their `algo` values (API.md §3.3). */
export const ARCHIVE_FORMATS = [
  { algo: "zip", label: "zip" },
  { algo: "tar", label: "tar" },
  { algo: "targz", label: "tar.gz" },
  { algo: "tarbz2", label: "tar.bz2" },
  { algo: "tarxz", label: "tar.xz" },
  { algo: "tarlz4", label: "tar.lz4" },
  { algo: "tarsz", label: "tar.sz" },
] as const;

export type ArchiveAlgo = (typeof ARCHIVE_FORMATS)[number]["algo"];

/**
 * `GET /api/raw/?files=…&algo=…` (API.md §3.3): every segment of each full path encoded, the
 * list joined with commas, the whole value encoded again — so a comma inside a name arrives as
 * %2C and survives the server's split. No token in the URL: the `auth` cookie authenticates
 * same-origin downloads.
 */
export function archiveUrl(paths: readonly string[], algo: ArchiveAlgo): string {
  const files = paths.map((path) => encodePath(path)).join(",");
  return apiUrl(`/api/raw/?files=${encodeURIComponent(files)}&algo=${algo}`);
}

/** Starts a download of `url` (an attachment) without leaving the page. */
export function startDownload(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` as a file named `name` (a download made of bytes already fetched). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
