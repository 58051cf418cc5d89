import { describe, expect, it } from "vitest";
import { findFolded, foldForSearch, foldWithOrigin } from "./search-fold.js";

describe("foldForSearch", () => {
  it("folds case and accents, composed or decomposed", () => {
    expect(foldForSearch("Città")).toBe("citta");
    expect(foldForSearch("CITTÀ")).toBe("citta");
    expect(foldForSearch("Citta\u0300")).toBe("citta");
    expect(foldForSearch("Señor Ωμέγα")).toBe("senor ωμεγα");
    expect(foldForSearch("plain ASCII")).toBe("plain ascii");
  });

  it("maps folded characters back to the original", () => {
    const { folded, origin } = foldWithOrigin("aÀ\u0300b");
    expect(folded).toBe("aab");
    expect(origin).toEqual([0, 1, 3, 4]);
  });
});

describe("findFolded", () => {
  it("finds terms whatever their accents and case, both ways", () => {
    const text = "la Città di CITTA";
    expect(findFolded(text, ["citta"]).map((r) => text.slice(r.start, r.end))).toEqual([
      "Città",
      "CITTA",
    ]);
    expect(findFolded(text, ["CITTÀ"]).length).toBe(2);
    const nfd = "Citta\u0300 nuova";
    expect(findFolded(nfd, ["città"]).map((r) => nfd.slice(r.start, r.end))).toEqual([
      "Citta\u0300",
    ]);
  });

  it("prefers longer terms, never overlaps, and compares exactly when case-sensitive", () => {
    expect(findFolded("lettera", ["lett", "lettera"])).toEqual([{ start: 0, end: 7 }]);
    expect(findFolded("Città città", ["città"], true)).toEqual([{ start: 6, end: 11 }]);
    expect(findFolded("", ["a"])).toEqual([]);
    expect(findFolded("abc", [" "])).toEqual([]);
  });
});
