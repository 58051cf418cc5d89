import path from "node:path";
import { badRequest } from "../../errors.js";
import type { Compression } from "./codecs/index.js";

/** An archive format of `GET /api/raw?algo=` (API.md §3.3). */
export interface ArchiveFormat {
  kind: "zip" | "tar";
  compression?: Exclude<Compression, "br" | "zst">;
  extension: string;
  contentType: string;
}

const FORMATS: Record<string, ArchiveFormat> = {
  zip: { kind: "zip", extension: ".zip", contentType: "application/zip" },
  tar: { kind: "tar", extension: ".tar", contentType: "application/x-tar" },
  targz: { kind: "tar", compression: "gz", extension: ".tar.gz", contentType: "application/gzip" },
  tarbz2: {
    kind: "tar",
    compression: "bz2",
    extension: ".tar.bz2",
    contentType: "application/x-bzip2",
  },
  tarxz: { kind: "tar", compression: "xz", extension: ".tar.xz", contentType: "application/x-xz" },
  tarlz4: {
    kind: "tar",
    compression: "lz4",
    extension: ".tar.lz4",
    contentType: "application/x-lz4",
  },
  tarsz: {
    kind: "tar",
    compression: "sz",
    extension: ".tar.sz",
    contentType: "application/x-snappy-framed",
  },
};

/** `algo`: zip, true or empty mean ZIP; anything unknown is 400. */
export function archiveFormat(algo: string | undefined): ArchiveFormat {
  const key = algo === undefined || algo === "" || algo === "true" ? "zip" : algo;
  const format = Object.hasOwn(FORMATS, key) ? FORMATS[key] : undefined;
  if (!format) throw badRequest(`Unknown archive format "${algo}"`);
  return format;
}

/**
 * The entries of `files` (API.md §3.3): the query parser form-decoded the value once; split on
 * commas, then unescape each entry again with "+" kept literal (commas in names arrive as %2C).
 * Absent or empty means the request path itself (an empty list).
 */
export function parseFiles(files: string | undefined): string[] {
  if (!files) return [];
  const entries: string[] = [];
  for (const raw of files.split(",")) {
    if (raw === "") continue;
    try {
      entries.push(decodeURIComponent(raw));
    } catch {
      throw badRequest("A file name in the selection is not validly encoded");
    }
  }
  return entries;
}

/** The deepest folder containing every path, compared by whole components (/docs/a, /docs/ab → /docs). */
export function commonDir(paths: readonly string[]): string {
  const [first, ...rest] = paths.map((p) => p.split("/").filter(Boolean));
  if (!first) return "/";
  if (rest.length === 0) return "/" + first.join("/");
  let length = first.length;
  for (const parts of rest) {
    let i = 0;
    while (i < length && i < parts.length && parts[i] === first[i]) i++;
    length = i;
  }
  return "/" + first.slice(0, length).join("/");
}

/**
 * The download's file name: the base name of the common folder (the requested item's own name
 * when that is the root), `_` in front for a selection of several items, then the extension.
 */
export function archiveName(
  common: string,
  requestedName: string,
  count: number,
  format: ArchiveFormat,
): string {
  const base = common === "/" ? requestedName : path.posix.basename(common);
  return (count > 1 ? "_" : "") + base + format.extension;
}
