import { describe, expect, it } from "vitest";
import { formatAbsolute, formatModified, formatRelative, parseModified } from "./format-date";

const NOW = Date.parse("2024-10-10T12:00:00Z");

describe("parseModified", () => {
  it("reads RFC 3339 with nanoseconds and any offset", () => {
    expect(parseModified("2024-10-04T22:08:29.123456789+02:00")).toBe(
      Date.parse("2024-10-04T20:08:29.123Z"),
    );
    expect(parseModified("2024-10-04T22:08:29Z")).toBe(Date.parse("2024-10-04T22:08:29Z"));
    expect(parseModified("not a date")).toBe(0);
  });
});

describe("formatRelative", () => {
  it("uses the largest unit that fits", () => {
    expect(formatRelative(NOW - 3 * 86_400_000, "en", NOW)).toBe("3 days ago");
    expect(formatRelative(NOW - 2 * 3_600_000, "en", NOW)).toBe("2 hours ago");
    expect(formatRelative(NOW - 5 * 60_000, "en", NOW)).toBe("5 minutes ago");
    expect(formatRelative(NOW, "en", NOW)).toBe("now");
    expect(formatRelative(NOW - 400 * 86_400_000, "en", NOW)).toBe("last year");
    expect(formatRelative(NOW - 61 * 86_400_000, "en", NOW)).toBe("2 months ago");
  });

  it("speaks the user's language", () => {
    expect(formatRelative(NOW - 3 * 86_400_000, "it", NOW)).toBe("3 giorni fa");
    expect(formatRelative(NOW - 86_400_000, "de", NOW)).toBe("gestern");
  });
});

describe("formatModified", () => {
  const modified = "2024-10-07T12:00:00.5Z";

  it("is relative by default, with the exact date in the title", () => {
    const { text, title } = formatModified(modified, "en", false, NOW);
    expect(text).toBe("3 days ago");
    expect(title).toContain("2024");
    expect(title).toContain("October");
  });

  it("is an absolute date and time with the dateFormat setting", () => {
    const { text } = formatModified(modified, "en", true, NOW);
    expect(text).toBe(formatAbsolute(parseModified(modified), "en"));
    expect(text).toMatch(/Oct 7, 2024/);
  });
});
