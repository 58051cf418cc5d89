import { describe, expect, it } from "vitest";
import { parseDuration } from "./duration.js";
import { LOCALE_CODES, localeDirection } from "./locales.js";

describe("parseDuration", () => {
  it("reads Go durations", () => {
    expect(parseDuration("2h")).toBe(7_200_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("1.5h")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
  });

  it("refuses what Go would refuse, and non-positive values", () => {
    for (const bad of ["", "2", "h", "2 h", "2hours", "-1h", "0s", "1d"]) {
      expect(parseDuration(bad), bad).toBeUndefined();
    }
  });
});

describe("locales", () => {
  it("has the 25 locales of the spec, two of them right to left", () => {
    expect(LOCALE_CODES).toHaveLength(25);
    expect(LOCALE_CODES.filter((l) => localeDirection(l) === "rtl").sort()).toEqual(["ar", "he"]);
  });
});
