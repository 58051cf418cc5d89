import { extensionOf, mimeFromExtension } from "../../lib/mime.js";
import { isBinary, sniffMime } from "../../lib/sniff.js";
import type { Payload } from "./payload.js";

/** Application types whose bytes are text: they get a charset like text/*. */
const TEXTUAL = new Set([
  "application/json",
  "application/javascript",
  "application/ecmascript",
  "application/xml",
  "application/x-tex",
  "application/x-latex",
  "application/x-bibtex",
  "application/x-sh",
  "application/x-subrip",
  "application/sql",
  "application/yaml",
  "application/toml",
]);

/** Whether a media type (without parameters) names text. */
function isTextual(mime: string): boolean {
  return (
    mime.startsWith("text/") || TEXTUAL.has(mime) || mime.endsWith("+xml") || mime.endsWith("+json")
  );
}

/** Adds `; charset=utf-8` to textual types that carry no parameters. */
export function withCharset(mime: string): string {
  if (mime.includes(";")) return mime;
  return isTextual(mime) ? `${mime}; charset=utf-8` : mime;
}

/** Text types browsers show in the tab themselves (pages keep their type for their links). */
const SHOWN_AS_IS = new Set([
  "text/plain",
  "text/html",
  "text/css",
  "text/javascript",
  "text/xml",
  "text/vtt",
  "application/javascript",
  "application/ecmascript",
  "application/json",
  "application/xml",
  "application/xhtml+xml",
  "image/svg+xml",
]);

/**
 * The Content-Type of a file served inline (issue 31): text that a browser would download
 * rather than show (`application/x-tex`, `text/markdown`, `text/csv`…) goes as
 * `text/plain; charset=utf-8`, so "Open" shows the text in the tab. Attachments keep the type
 * of §3.2.
 */
export function inlineContentType(contentType: string): string {
  const mime = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (SHOWN_AS_IS.has(mime) || mime.endsWith("+xml") || mime.endsWith("+json")) {
    return contentType;
  }
  return isTextual(mime) ? "text/plain; charset=utf-8" : contentType;
}

/**
 * Content-Type of a file as API.md §3.2 describes: from the extension when known (text types
 * with a charset), else sniffed from the first bytes; application/octet-stream by default.
 */
export async function contentTypeOf(name: string, payload: Payload): Promise<string> {
  const byExtension = mimeFromExtension(extensionOf(name));
  if (byExtension) return withCharset(byExtension);
  const head = await payload.peek(512);
  const sniffed = sniffMime(head);
  if (sniffed) return withCharset(sniffed);
  return head.length > 0 && !isBinary(head)
    ? "text/plain; charset=utf-8"
    : "application/octet-stream";
}

const isPdf = (contentType: string) => contentType.startsWith("application/pdf");

/**
 * CSP of downloads and `?inline=true` views: no scripts, and a sandbox (an opaque origin) for
 * anything a browser might render as a document. PDFs skip the sandbox because browsers refuse
 * to run their PDF viewer in a sandboxed document; their viewers never run with our origin.
 */
export function downloadPolicy(contentType: string): string {
  const base =
    "default-src 'self'; style-src 'unsafe-inline'; script-src 'none'; frame-ancestors 'self'";
  return isPdf(contentType) ? base : `${base}; sandbox`;
}

/**
 * CSP of capability-authorised inline pages (API.md Part A §11): scripts may run, but in a
 * sandbox without `allow-same-origin`, so they never see the app's origin, cookies or storage;
 * no pop-ups, and forms and fetches reach only our own host, so the page's URL (which carries
 * its capability) is not handed to another site that way. No `frame-ancestors`: a page of a
 * sandboxed document has an opaque origin as its parent, and m2hv's pages are framesets whose
 * frames must load inside it (the capability in the URL is what keeps other sites out).
 */
export function inlinePolicy(contentType: string): string {
  if (isPdf(contentType)) return downloadPolicy(contentType);
  return (
    "sandbox allow-scripts allow-forms; " +
    "default-src 'self' 'unsafe-inline' data: blob:; form-action 'self'"
  );
}

/**
 * CSP of a share's reading view (issue 31: m2hv's pages on the share page): a sandbox without
 * scripts, forms or pop-ups; styles, images and frames of the shared folder only. No
 * `frame-ancestors`, for the frames of m2hv's frame page (see inlinePolicy).
 */
export function readingPolicy(contentType: string): string {
  if (isPdf(contentType)) return downloadPolicy(contentType);
  return (
    "sandbox; default-src 'self'; script-src 'none'; object-src 'none'; " +
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'none'"
  );
}
