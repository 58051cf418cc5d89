import { ensureSyntaxTree } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { highlightTree } from "@lezer/highlight";
import { describe, expect, it } from "vitest";
import { mauroHighlightStyle, mauroTexLanguage } from "./mauro-tex";

/** The text of each range the Mauro-TeX style colours, with its class. */
function highlighted(text: string): [string, string][] {
  const state = EditorState.create({ doc: text, extensions: [mauroTexLanguage] });
  const tree = ensureSyntaxTree(state, state.doc.length, 5000);
  if (!tree) throw new Error("no syntax tree");
  const found: [string, string][] = [];
  highlightTree(tree, mauroHighlightStyle, (from, to, classes) => {
    found.push([text.slice(from, to), classes]);
  });
  return found;
}

const macros = (text: string) =>
  highlighted(text)
    .filter(([, cls]) => cls === "cm-mauro-macro")
    .map(([t]) => t);
const sigla = (text: string) =>
  highlighted(text)
    .filter(([, cls]) => cls === "cm-mauro-sigla")
    .map(([t]) => t);

describe("Mauro-TeX highlighting", () => {
  it("marks the edition's macros, not ordinary LaTeX commands", () => {
    expect(
      macros(
        "\\documentclass{book}\\ElencoTestimoni{A/B}\\FoliumInMargine \\htmlcut\n\\Unit Testo " +
          "\\Citlonga{{x}{y}{z}} \\LB{x}{y} \\Folium{A:8r} \\Figura{{f}} \\Figskip{{2cm}} " +
          "\\Capitolo{C} \\Title{\\INTE{T}}{} \\MARG \\ABBR{t} \\Lemma{L} \\Cit{{a}{b}} \\par",
      ),
    ).toEqual([
      "\\ElencoTestimoni",
      "\\FoliumInMargine",
      "\\htmlcut",
      "\\Unit",
      "\\Citlonga",
      "\\LB",
      "\\Folium",
      "\\Figura",
      "\\Figskip",
      "\\Capitolo",
      "\\Title",
      "\\INTE",
      "\\MARG",
      "\\ABBR",
      "\\Lemma",
      "\\Cit",
    ]);
  });

  it("marks the sigla that open each reading of \\VV and \\VF", () => {
    const text =
      "Testo \\VV{{L2/Bas:\\MARG: prodiorthosis}{G/L/N/Bas:prodiorthosis}} e \\VF{{*:$Y$}{B:$V$}}.";
    expect(sigla(text)).toEqual(["L2/Bas", "G/L/N/Bas", "*", "B"]);
    expect(macros(text)).toEqual(["\\VV", "\\MARG", "\\VF"]);
  });

  it("finds readings across lines and inside nested macros, not in other braces", () => {
    const text = [
      "\\Figskip{{2cm}[\\VF{{A:$Y$}",
      "{B:$V$}{C:$Z$}}]}",
      "\\VV{{1:\\POSTDEL{habenda}:corporis}} {X:not a reading} \\Capitolo{De centro: x}",
    ].join("\n");
    expect(sigla(text)).toEqual(["A", "B", "C", "1"]);
  });

  it("leaves comments alone", () => {
    expect(macros("% \\VV{{A:x}} \\Unit")).toEqual([]);
    expect(sigla("% \\VV{{A:x}}")).toEqual([]);
  });
});
