import { describe, expect, it } from "vitest";
import { findAll, firstHitFrom, foldCase, pageText, segmentsOf } from "./find";
import { CSS_PER_POINT, stepZoom, zoomFor } from "./zoom";

describe("search in a page's text", () => {
  const page = pageText([
    { str: "Another page with a ", hasEOL: false },
    { str: "word: Zebra", hasEOL: true },
    { str: "zebra again.", hasEOL: false },
  ]);

  it("joins items, a space after a line's end", () => {
    expect(page.text).toBe("Another page with a word: Zebra zebra again.");
    expect(page.starts).toEqual([0, 20, 32]);
  });

  it("finds every occurrence, case ignored, words across items and lines", () => {
    expect(findAll(page.text, "zebra")).toEqual([
      [26, 31],
      [32, 37],
    ]);
    expect(findAll(page.text, "a  word")).toEqual([[18, 24]]);
    expect(findAll(page.text, "Zebra zebra")).toEqual([[26, 37]]);
    expect(findAll(page.text, "(")).toEqual([]);
    expect(findAll(page.text, "   ")).toEqual([]);
  });

  it("splits a hit into the items (text layer spans) it covers", () => {
    expect(segmentsOf(page, 18, 24)).toEqual([
      { item: 0, start: 18, end: 20 },
      { item: 1, start: 0, end: 4 },
    ]);
    expect(segmentsOf(page, 26, 37)).toEqual([
      { item: 1, start: 6, end: 11 },
      { item: 2, start: 0, end: 5 },
    ]);
  });

  it("keeps offsets when lower-casing changes a character's length", () => {
    expect(foldCase("İstanbul").length).toBe("İstanbul".length);
  });

  it("starts from the current page", () => {
    const hits = [
      { page: 1, start: 0, end: 1 },
      { page: 4, start: 0, end: 1 },
    ];
    expect(firstHitFrom(hits, 2)).toBe(1);
    expect(firstHitFrom(hits, 5)).toBe(0);
  });
});

describe("zoom", () => {
  const a4 = { width: 595, height: 842 };
  it("fits the width or the whole page", () => {
    expect(zoomFor("fit-width", a4, { width: 595 * CSS_PER_POINT, height: 100 })).toBeCloseTo(1);
    expect(zoomFor("fit-page", a4, { width: 2000, height: 842 * CSS_PER_POINT })).toBeCloseTo(1);
    expect(zoomFor({ zoom: 9 }, a4, { width: 1, height: 1 })).toBe(5);
  });
  it("steps", () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.05, -1)).toBe(1);
    expect(stepZoom(5, 1)).toBe(5);
  });
});
