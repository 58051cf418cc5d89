import { describe, expect, it } from "vitest";
import { isToolLogName, parseSourceLogName, sourceLogName } from "./maurotex.js";

describe("per-source log names", () => {
  it("reads back what sourceLogName writes, at every age", () => {
    for (const source of ["con errore.tex", "varia.de.centris.TEX", "cap.1.tex", "a.m.tex"]) {
      for (const tool of ["pdflatex", "m2hv", "m2lv-pdf", "m2ledmac-pdf"]) {
        for (const age of [0, 1, 2, 4]) {
          const stem = source.slice(0, source.lastIndexOf("."));
          expect(parseSourceLogName(sourceLogName(source, tool, age))).toEqual({ stem, tool, age });
        }
      }
    }
  });

  it("takes a trailing number for the age, not for the tool", () => {
    expect(parseSourceLogName("con errore.pdflatex.2.log")).toEqual({
      stem: "con errore",
      tool: "pdflatex",
      age: 2,
    });
    expect(isToolLogName("con errore.pdflatex.2.log")).toBe(true);
    expect(parseSourceLogName("notes.log")).toBeNull();
  });
});
