/**
 * Dates of the listing and the info dialog. The server sends RFC 3339 with up to nine
 * fractional digits; only three are kept so every engine parses it the same way.
 */
export function parseModified(value: string): number {
  const trimmed = value.replace(/(\.\d{3})\d+/, "$1");
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? 0 : time;
}

// Intl formatters are costly to build and a listing formats many dates: one per locale.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const absoluteFormats = new Map<string, Intl.DateTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let format = map.get(locale);
  if (!format) {
    format = make();
    map.set(locale, format);
  }
  return format;
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "3 days ago", "in 2 hours", "now": the largest unit that fits, in the given locale. */
export function formatRelative(time: number, locale: string, now = Date.now()): string {
  const format = cached(relativeFormats, locale, () => {
    return new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  });
  let value = (time - now) / 1000;
  for (const [unit, size] of STEPS) {
    // Days become months at 30 and months years at 12; "30 days ago" reads as "last month".
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= unit === "day" ? 30.44 : size;
  }
  return format.format(Math.round(value), "year");
}

/** A medium date with a short time, e.g. "4 Oct 2024, 22:08" (the dateFormat setting). */
export function formatAbsolute(time: number, locale: string): string {
  return cached(absoluteFormats, locale, () => {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  }).format(time);
}

/** The full date and time with seconds, for hover titles and the info dialog. */
export function formatExact(time: number, locale: string): string {
  return cached(exactFormats, locale, () => {
    return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "medium" });
  }).format(time);
}

/** What a listing shows: relative by default, absolute with the user's dateFormat setting. */
export function formatModified(
  modified: string,
  locale: string,
  absolute: boolean,
  now = Date.now(),
): { text: string; title: string } {
  const time = parseModified(modified);
  return {
    text: absolute ? formatAbsolute(time, locale) : formatRelative(time, locale, now),
    title: formatExact(time, locale),
  };
}
