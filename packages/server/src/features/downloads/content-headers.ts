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

/** Adds `; charset=utf-8` to textual types that carry no parameters. */
export function withCharset(mime: string): string {
  if (mime.includes(";")) return mime;
  const textual =
    mime.startsWith("text/") ||
    TEXTUAL.has(mime) ||
    mime.endsWith("+xml") ||
    mime.endsWith("+json");
  return textual ? `${mime}; charset=utf-8` : mime;
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
