import { describe, expect, it } from "vitest";
import { answerCheck, isMauroTexDocument } from "./check-answer";

// How the edition's documents begin (/work/shared/fixtures/maurotex: varia-de-centris.tex, citlonga.tex).
const PREAMBLES = [
  "\\documentclass[italian, latin]{book}\n\n\\usepackage{mauro,latexsym,adn,endnotes,babel}\n\\ElencoTestimoni{1/A}\n",
  "\\documentclass[a4paper]{article}\n\n\\usepackage{mauro}\n\\usepackage[demo]{graphicx}\n",
];

describe("which .tex files the live checker reads", () => {
  it("the edition's documents (\\documentclass with the mauro style) and fragments are Mauro-TeX", () => {
    for (const preamble of PREAMBLES) {
      expect(isMauroTexDocument(`${preamble}\\begin{document}\n\\htmlcut\n`)).toBe(true);
      expect(isMauroTexDocument(preamble)).toBe(true);
    }
    expect(isMauroTexDocument("\\Unit Testo \\VV{{A:x}}\n")).toBe(true);
    expect(isMauroTexDocument("\\documentclass{book}\n\\usepackage[x]{adn, mauro}\n")).toBe(true);
    expect(isMauroTexDocument("\\documentclass{book}\n\\begin{document}\n\\htmlcut\n")).toBe(true);
  });

  it("a LaTeX document without the edition's style is pdflatex's", () => {
    const latex = "\\documentclass{article}\n% \\usepackage{mauro}\n\\begin{document}{\n";
    expect(isMauroTexDocument(latex)).toBe(false);
    expect(answerCheck({ id: 7, text: latex })).toEqual({ id: 7, mauro: false });
  });

  it("answers the checker's findings with the request's id", () => {
    const answer = answerCheck({ id: 3, text: "\\Unit {x\n" });
    expect(answer).toMatchObject({ id: 3, mauro: true });
    expect(answer.mauro && answer.result.findings.map((f) => [f.line, f.severity])).toEqual([
      [1, "error"],
    ]);
  });
});
