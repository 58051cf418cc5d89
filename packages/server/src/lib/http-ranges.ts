/** An inclusive byte range of a representation. */
export interface ByteRange {
  start: number;
  end: number;
}

/** More ranges than this (after coalescing) are answered with the whole file. */
const MAX_RANGES = 64;

/**
 * Parses a `Range: bytes=…` header for a representation of `size` bytes (RFC 9110 §14.2).
 * Returns `"ignore"` for a missing, foreign-unit or malformed header (serve the whole file),
 * `"unsatisfiable"` when no range overlaps the file, else the ranges with overlapping and
 * adjacent ones merged, in ascending order.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange[] | "ignore" | "unsatisfiable" {
  if (!header) return "ignore";
  const eq = header.indexOf("=");
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== "bytes") return "ignore";
  const ranges: ByteRange[] = [];
  let specs = 0;
  for (const raw of header.slice(eq + 1).split(",")) {
    const spec = raw.trim();
    if (spec === "") continue;
    specs++;
    const match = /^(\d*)-(\d*)$/.exec(spec);
    if (!match || (match[1] === "" && match[2] === "")) return "ignore";
    const [first, last] = [match[1] ?? "", match[2] ?? ""];
    if (first === "") {
      const suffix = Number(last);
      if (suffix > 0 && size > 0) ranges.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(first);
    const end = last === "" ? Infinity : Number(last);
    if (end < start) return "ignore";
    if (start < size) ranges.push({ start, end: Math.min(end, size - 1) });
  }
  if (specs === 0) return "ignore";
  if (ranges.length === 0) return "unsatisfiable";
  const merged = coalesce(ranges);
  return merged.length > MAX_RANGES ? "ignore" : merged;
}

function coalesce(ranges: ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: ByteRange[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    if (prev && r.start <= prev.end + 1) prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Seconds since the epoch of an HTTP date, or undefined when it does not parse. */
function httpDateSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

export interface ConditionalHeaders {
  "if-match"?: string;
  "if-none-match"?: string;
  "if-modified-since"?: string;
  "if-unmodified-since"?: string;
  "if-range"?: string;
  range?: string;
}

/** What to answer a GET/HEAD of a representation with no ETag and a modification time. */
export type ResponsePlan =
  | { status: 200 }
  | { status: 206; ranges: ByteRange[] }
  | { status: 304 }
  | { status: 412 }
  | { status: 416 };

/**
 * Evaluates the preconditions in the order of RFC 9110 §13.2.2, then the Range header.
 * We send no ETags, so `If-Match` (other than `*`) fails and entity tags in `If-Range` never match;
 * dates are compared in whole seconds, as `Last-Modified` carries them.
 */
export function planResponse(
  headers: ConditionalHeaders,
  size: number,
  mtimeMs: number,
): ResponsePlan {
  const modified = Math.floor(mtimeMs / 1000);
  const ifMatch = headers["if-match"]?.trim();
  if (ifMatch && ifMatch !== "*") return { status: 412 };
  if (!ifMatch) {
    const since = httpDateSeconds(headers["if-unmodified-since"]);
    if (since !== undefined && modified > since) return { status: 412 };
  }
  const ifNoneMatch = headers["if-none-match"]?.trim();
  if (ifNoneMatch === "*") return { status: 304 };
  if (!ifNoneMatch) {
    const since = httpDateSeconds(headers["if-modified-since"]);
    if (since !== undefined && modified <= since) return { status: 304 };
  }
  const ifRange = headers["if-range"]?.trim();
  if (ifRange && (ifRange.startsWith('"') || ifRange.startsWith("W/"))) return { status: 200 };
  if (ifRange && httpDateSeconds(ifRange) !== modified) return { status: 200 };
  const ranges = parseRange(headers.range, size);
  // An empty file has no satisfiable range: answer it whole rather than 416 (as Go does).
  if (ranges === "unsatisfiable") return size === 0 ? { status: 200 } : { status: 416 };
  if (ranges === "ignore") return { status: 200 };
  return { status: 206, ranges };
}

/** The head of one part of a `multipart/byteranges` body. */
export function partHead(
  boundary: string,
  contentType: string,
  range: ByteRange,
  size: number,
  first: boolean,
): string {
  return (
    `${first ? "" : "\r\n"}--${boundary}\r\n` +
    `Content-Type: ${contentType}\r\n` +
    `Content-Range: bytes ${range.start}-${range.end}/${size}\r\n\r\n`
  );
}

/** The closing delimiter of a `multipart/byteranges` body. */
export const multipartTail = (boundary: string) => `\r\n--${boundary}--\r\n`;

/** The exact length of a `multipart/byteranges` body, so it can carry a Content-Length. */
export function multipartLength(
  boundary: string,
  contentType: string,
  ranges: readonly ByteRange[],
  size: number,
): number {
  let total = Buffer.byteLength(multipartTail(boundary));
  ranges.forEach((r, i) => {
    total += Buffer.byteLength(partHead(boundary, contentType, r, size, i === 0));
    total += r.end - r.start + 1;
  });
  return total;
}

/**
 * `Content-Disposition` with an RFC 6266 ASCII fallback and the RFC 8187 UTF-8 name, e.g.
 * `attachment; filename="Cap_tulo 1.tex"; filename*=utf-8''Cap%C3%ADtulo%201.tex`.
 */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return `${type}; filename="${fallback}"; filename*=utf-8''${encoded}`;
}
