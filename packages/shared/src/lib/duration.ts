const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Parses a Go duration string ("2h", "1h30m", "90s") into milliseconds.
 * Returns undefined for anything Go's time.ParseDuration would refuse or for a non-positive value.
 */
export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (s === "") return undefined;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of s.matchAll(re)) {
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? Number.NaN);
    consumed += match[0].length;
  }
  if (consumed !== s.length || !Number.isFinite(total) || total <= 0) return undefined;
  return total;
}
