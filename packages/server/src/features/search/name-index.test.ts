import { describe, expect, it } from "vitest";
import { NameIndex } from "./name-index.js";

const file = { isDir: false, size: 1, modified: 1 };
const holding = (index: NameIndex, term: string) => {
  const found: string[] = [];
  index.eachNameHolding(term, (id) => found.push(index.pathBelow(id, 0)));
  return found.sort();
};

describe("the name index", () => {
  it("finds each name once, folded to lower case, whatever the term's place in it", () => {
    const index = new NameIndex();
    index.put("/a/Sphaera.tex", file);
    index.put("/a/sphaera-sphaera.png", file);
    index.put("/b/centris", { ...file, isDir: true });
    expect(holding(index, "sphaera")).toEqual(["a/Sphaera.tex", "a/sphaera-sphaera.png"]);
    expect(holding(index, "a")).toEqual(["a", "a/Sphaera.tex", "a/sphaera-sphaera.png"]);
    expect(holding(index, "ex\na")).toEqual([]);
  });

  it("forgets removed entries and their children, and reuses their slots", () => {
    const index = new NameIndex();
    index.put("/old/one.tex", file);
    index.put("/old/two.tex", file);
    index.remove("/old");
    expect(holding(index, "one")).toEqual([]);
    expect(index.size).toBe(1);
    index.put("/new/one.tex", file);
    expect(holding(index, "one")).toEqual(["new/one.tex"]);
    expect(holding(index, "old")).toEqual([]);
  });

  it("rebuilds its text when most of it belongs to removed entries", () => {
    const index = new NameIndex();
    for (let i = 0; i < 120_000; i++) index.put(`/d${i % 100}/f${i}.tex`, file);
    for (let d = 0; d < 99; d++) index.remove(`/d${d}`);
    index.put("/d99/late.tex", file);
    expect(holding(index, "late")).toEqual(["d99/late.tex"]);
    expect(holding(index, "f1199")).toEqual(["d99/f1199.tex", "d99/f11999.tex", "d99/f119999.tex"]);
    expect(index.size).toBe(1 + 1 + 1200 + 1);
  });
});
