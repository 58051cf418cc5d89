import { createRequire } from "node:module";
import type MimeDb from "mime-db";

/**
 * Our own extension table, consulted before mime-db: the choices File Browser users rely on
 * (an .opus file is a video, .tex is TeX) and types mime-db lacks.
 */
const CUSTOM: Record<string, string> = {
  ".tex": "application/x-tex",
  ".sty": "application/x-tex",
  ".cls": "application/x-tex",
  ".bib": "application/x-bibtex",
  ".ltx": "application/x-latex",
  ".opus": "video/ogg",
  ".rtf": "text/richtext",
  ".svg": "image/svg+xml",
  ".srt": "application/x-subrip",
  ".vtt": "text/vtt",
  ".ass": "text/x-ssa",
  ".ssa": "text/x-ssa",
  ".mkv": "video/x-matroska",
  ".flac": "audio/flac",
  ".m4a": "audio/mp4",
  ".heic": "image/heic",
  ".log": "text/plain",
  ".out": "text/plain",
};

/**
 * Extension → type, built at the first lookup: mime-db's 2,500 types cost about 20 ms to load,
 * which start-up does not need to pay (it is loaded from node_modules, never bundled).
 */
let byExtension: Map<string, string> | undefined;
function table(): Map<string, string> {
  if (byExtension) return byExtension;
  const mimeDb = createRequire(import.meta.url)("mime-db") as typeof MimeDb;
  const map = new Map<string, string>();
  for (const [type, entry] of Object.entries(mimeDb)) {
    for (const ext of entry.extensions ?? []) {
      const key = `.${ext}`;
      // Prefer IANA-sourced types when several claim the same extension.
      if (!map.has(key) || entry.source === "iana") map.set(key, type);
    }
  }
  for (const [ext, type] of Object.entries(CUSTOM)) map.set(ext, type);
  return (byExtension = map);
}

/** The extension as File Browser reports it: from the last dot, dot included ("" if none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot) : "";
}

/** MIME type from the extension (case-insensitive), or undefined. */
export function mimeFromExtension(ext: string): string | undefined {
  const map = table();
  return map.get(ext) ?? map.get(ext.toLowerCase());
}
