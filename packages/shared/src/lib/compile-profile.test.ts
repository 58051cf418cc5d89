import { describe, expect, it } from "vitest";
import {
  guessCompileProfile,
  isMauroTexDocument,
  parseSourceLogName,
  sourceLogName,
} from "./maurotex.js";

describe("guessCompileProfile", () => {
  it("takes the edition's documents for Mauro-TeX, though they have a \\documentclass", () => {
    const edition = "\\documentclass[a4paper]{article}\n\n\\usepackage{mauro}\n\\begin{document}";
    expect(isMauroTexDocument(edition)).toBe(true);
    expect(guessCompileProfile(edition)).toBe("html");
    expect(guessCompileProfile("\\documentclass{book}\n\\usepackage{latexsym,mauro,adn}")).toBe(
      "html",
    );
    expect(guessCompileProfile("\\documentclass{book}\n\\ElencoTestimoni{A/B}")).toBe("html");
    // A fragment without a class is what the compilers read.
    expect(guessCompileProfile("\\htmlcut\nTesto \\VV{{A:x}{B:y}}")).toBe("html");
  });

  it("takes a LaTeX document without anything of the edition for LaTeX", () => {
    expect(guessCompileProfile("\\documentclass{article}\n\\begin{document}x\\end{document}")).toBe(
      "latex",
    );
    // A commented-out \usepackage{mauro} does not count.
    expect(guessCompileProfile("% \\usepackage{mauro}\n\\documentclass{article}")).toBe("latex");
    expect(guessCompileProfile("\\documentclass{article}\n\\usepackage{mauroxyz}")).toBe("latex");
  });
});

describe("sourceLogName", () => {
  it("names the newest log and the older ones, and reads them back", () => {
    expect(sourceLogName("con errore.tex", "pdflatex")).toBe("con errore.pdflatex.log");
    expect(sourceLogName("a.b.tex", "m2lv-pdf", 2)).toBe("a.b.m2lv-pdf.2.log");
    expect(parseSourceLogName("a.b.m2lv-pdf.2.log")).toEqual({
      stem: "a.b",
      tool: "m2lv-pdf",
      age: 2,
    });
    expect(parseSourceLogName("notes.txt")).toBeNull();
  });
});
