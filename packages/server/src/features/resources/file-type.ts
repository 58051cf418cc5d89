import type { ResourceType } from "@scriptorium/shared";
import { mimeFromExtension } from "../../lib/mime.js";
import { isBinary, sniffMime } from "../../lib/sniff.js";

/** Files larger than this are never `text` (API.md §2.3). */
export const MAX_TEXT_SIZE = 10 * 1024 * 1024;

/** Application types that are text: in listings they count as text without reading the file. */
const TEXT_LIKE = new Set([
  "application/x-tex",
  "application/x-latex",
  "application/x-bibtex",
  "application/json",
  "application/javascript",
  "application/ecmascript",
  "application/xml",
  "application/x-sh",
  "application/x-httpd-php",
  "application/sql",
  "application/yaml",
  "application/toml",
  "application/x-subrip",
  "application/xhtml+xml",
]);

export function isTextLike(mime: string): boolean {
  return (
    mime.startsWith("text/") ||
    TEXT_LIKE.has(mime) ||
    mime.endsWith("+json") ||
    mime.endsWith("+xml")
  );
}

export interface TypeInput {
  /** Reads the first ≤ 512 bytes of the file (UserFs.readHead). */
  readHead: () => Promise<Uint8Array>;
  extension: string;
  size: number;
  isFifo: boolean;
  /** Listings skip reading files whose extension already tells (API.md §2.3, our choice). */
  cheap: boolean;
}

/** Classifies a file (not a folder) as API.md §2.3 does, reading at most 512 bytes. */
export async function detectType(input: TypeInput): Promise<{ type: ResourceType; mime?: string }> {
  if (input.isFifo) return { type: "blob" };
  let mime = mimeFromExtension(input.extension);
  const media = (m: string | undefined): ResourceType | undefined => {
    if (!m) return undefined;
    if (m.startsWith("video")) return "video";
    if (m.startsWith("audio")) return "audio";
    if (m.startsWith("image")) return "image";
    if (m.endsWith("pdf")) return "pdf";
    return undefined;
  };
  const byExtension = media(mime);
  if (byExtension) return { type: byExtension, mime };
  if (input.size > MAX_TEXT_SIZE && mime) return { type: "blob", mime };
  if (input.size === 0) return { type: "text", mime };
  if (input.cheap && mime) {
    return { type: isTextLike(mime) ? "text" : "blob", mime };
  }
  const head = await input.readHead();
  if (!mime) {
    mime = sniffMime(head);
    const sniffed = media(mime);
    if (sniffed) return { type: sniffed, mime };
  }
  const textual = (mime?.startsWith("text") ?? false) || !isBinary(head);
  return { type: textual && input.size <= MAX_TEXT_SIZE ? "text" : "blob", mime };
}
