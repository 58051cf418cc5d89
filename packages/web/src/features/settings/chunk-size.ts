/** SPEC.md §5, §9: text that is not a size gives 1 MB. */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

const UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
};

/**
 * The resumable-upload chunk size typed in the global settings (SPEC.md §5): a number with an
 * optional unit B, K, KB, M, MB, G, GB, T or TB (any case; KiB, MiB… too), in binary multiples;
 * a bare number is bytes. Fractions are rounded to whole bytes ("1.5M" → 1572864). Anything
 * else, and sizes below one byte, give 1 MB.
 */
export function parseChunkSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:([kmgt])(?:i?b)?|(b))?\s*$/i.exec(text);
  if (!match) return DEFAULT_CHUNK_SIZE;
  const unit = (match[2] ?? match[3] ?? "").toLowerCase();
  const bytes = Math.round(Number(match[1]) * (UNITS[unit] ?? 1));
  return Number.isSafeInteger(bytes) && bytes >= 1 ? bytes : DEFAULT_CHUNK_SIZE;
}

const LABELS: ReadonlyArray<[string, number]> = [
  ["TB", 1024 ** 4],
  ["GB", 1024 ** 3],
  ["MB", 1024 ** 2],
  ["KB", 1024],
];

/** The text a stored chunk size is shown as: the largest unit it is a whole multiple of. */
export function formatChunkSize(bytes: number): string {
  for (const [label, size] of LABELS) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${label}`;
  }
  return `${bytes}B`;
}
