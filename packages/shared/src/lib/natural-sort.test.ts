import { describe, expect, it } from "vitest";
import { naturalCompare } from "./natural-sort.js";

describe("naturalCompare", () => {
  it("orders numbers inside names by value", () => {
    const names = ["f10.tex", "f2.tex", "F1.tex", "f010.tex", "f1a.tex", "f", "f-1.tex"];
    expect([...names].sort(naturalCompare)).toEqual([
      "f",
      "F1.tex",
      "f1a.tex",
      "f2.tex",
      "f10.tex",
      "f010.tex",
      "f-1.tex",
    ]);
  });

  it("puts digits before other characters and prefixes first", () => {
    expect(naturalCompare("1", "a")).toBeLessThan(0);
    expect(naturalCompare("abc", "abcd")).toBeLessThan(0);
    expect(naturalCompare("Liber 2", "liber 10")).toBeLessThan(0);
  });
});
