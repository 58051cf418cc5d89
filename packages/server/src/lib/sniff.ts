/** Magic numbers of the formats a file manager meets most (a subset of WHATWG sniffing). */
const SIGNATURES: { type: string; bytes: (number | null)[]; offset?: number }[] = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: "image/bmp", bytes: [0x42, 0x4d] },
  { type: "image/tiff", bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: "image/tiff", bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  {
    type: "image/webp",
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
  {
    type: "audio/wave",
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x41, 0x56, 0x45],
  },
  {
    type: "video/avi",
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x41, 0x56, 0x49, 0x20],
  },
  { type: "audio/mpeg", bytes: [0x49, 0x44, 0x33] },
  { type: "application/ogg", bytes: [0x4f, 0x67, 0x67, 0x53, 0x00] },
  { type: "audio/flac", bytes: [0x66, 0x4c, 0x61, 0x43] },
  { type: "video/mp4", bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 },
  { type: "video/webm", bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: "application/x-gzip", bytes: [0x1f, 0x8b, 0x08] },
  { type: "application/x-rar-compressed", bytes: [0x52, 0x61, 0x72, 0x20, 0x1a, 0x07] },
  { type: "application/x-7z-compressed", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
];

/** Content type from the first bytes of a file, or undefined when no signature matches. */
export function sniffMime(head: Uint8Array): string | undefined {
  for (const sig of SIGNATURES) {
    const offset = sig.offset ?? 0;
    if (head.length < offset + sig.bytes.length) continue;
    if (sig.bytes.every((b, i) => b === null || head[offset + i] === b)) return sig.type;
  }
  const text = new TextDecoder("latin1").decode(head.subarray(0, 64)).trimStart().toLowerCase();
  if (text.startsWith("<!doctype html") || text.startsWith("<html")) return "text/html";
  if (text.startsWith("<?xml")) return "text/xml";
  return undefined;
}

/**
 * File Browser's binary test on at most 512 bytes (API.md §2.3): binary when a control code
 * point ≤ 0x08 appears, or an invalid UTF-8 sequence appears before the last four runes
 * (a character cut at the end of the buffer is fine).
 */
export function isBinary(head: Uint8Array): boolean {
  // Decode rune by rune: `true` marks an invalid byte (or a genuine U+FFFD).
  const runes: boolean[] = [];
  let i = 0;
  while (i < head.length) {
    const b = head[i] ?? 0;
    let len = 0;
    if (b < 0x80) len = 1;
    else if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) len = 3;
    else if (b >= 0xf0 && b <= 0xf4) len = 4;
    let valid = len > 0 && i + len <= head.length;
    for (let k = 1; valid && k < len; k++) valid = ((head[i + k] ?? 0) & 0xc0) === 0x80;
    if (valid && len === 1 && b <= 0x08) return true;
    if (valid && len === 3 && b === 0xef && head[i + 1] === 0xbf && head[i + 2] === 0xbd) {
      runes.push(true);
      i += 3;
      continue;
    }
    runes.push(!valid);
    i += valid ? len : 1;
  }
  const firstInvalid = runes.indexOf(true);
  if (firstInvalid < 0) return false;
  const tailStart = Math.max(0, runes.length - 4);
  if (firstInvalid < tailStart) return true;
  return !runes.slice(firstInvalid).every(Boolean);
}
