import { describe, expect, it } from "vitest";
import { guessCompileProfile, profileOfTool } from "./maurotex.js";

/** How the edition's sample documents begin (shared/fixtures/maurotex), as written. */
const FIXTURE_HEADS = {
  "citlonga.tex":
    "\\documentclass[a4paper]{article}\n\n\\usepackage{mauro}\n\\usepackage[demo]{graphicx}\n\n\\ElencoTestimoni{A/B/C}\n\n\\begin{document}\n\\htmlcut\n",
  "varia-de-centris.tex":
    "\\documentclass[italian, latin]{book}\n\n\\usepackage{mauro,latexsym,adn,endnotes,babel}\n\\ElencoTestimoni{1/A/A+/Bas/G/L/L2/N/N2}\n\\FoliumInMargine\n\n\\begin{document}\n\\htmlcut\n",
};

describe("the compile profile of a file never compiled (issue 30)", () => {
  it("is HTML for a Mauro-TeX document, though real ones begin with \\documentclass", () => {
    for (const [name, head] of Object.entries(FIXTURE_HEADS)) {
      expect(guessCompileProfile(head), name).toBe("html");
    }
    expect(guessCompileProfile("\\documentclass{book}\n\\usepackage{mauroreledmac}\n")).toBe(
      "html",
    );
    expect(guessCompileProfile("\\documentclass{book}\n\\Unit Testo.\n")).toBe("html");
    expect(guessCompileProfile("\\documentclass{book}\nTesto \\VV{{A:uno}{B:due}}\n")).toBe("html");
  });

  it("is LaTeX for a plain LaTeX document, HTML for anything else", () => {
    const letter =
      "% \\ElencoTestimoni{A/B} in a comment\n\\documentclass{article}\n\\usepackage{amsmath}\n\\begin{document}x\\end{document}\n";
    expect(guessCompileProfile(letter)).toBe("latex");
    expect(guessCompileProfile("% \\documentclass{article}\nTesto.\n")).toBe("html");
    expect(guessCompileProfile("")).toBe("html");
  });

  it("names the profile of each profile's tool, none for the others", () => {
    expect(profileOfTool("m2lv-pdf")).toBe("pdf-m2lv");
    expect(profileOfTool("pdflatex")).toBe("latex");
    expect(profileOfTool("m2lv")).toBeUndefined();
  });
});
