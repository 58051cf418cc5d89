import { CompletionContext } from "@codemirror/autocomplete";
import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { mauroCompletion, siglaPosition } from "./mauro-completion";

const DOC = "\\ElencoTestimoni{A/B/L2}\n% \\ElencoTestimoni{Hidden}\n\\ElencoTestimoni{C+}\n";

/** The labels offered with the cursor at the end of `text` (after the declarations). */
function offered(text: string, explicit = false) {
  const state = EditorState.create({ doc: DOC + text });
  const result = mauroCompletion(new CompletionContext(state, state.doc.length, explicit));
  return result && { from: result.from - DOC.length, labels: result.options.map((o) => o.label) };
}

describe("Mauro-TeX completion", () => {
  it("offers the declared sigla at the start of a variant's first reading", () => {
    expect(offered("Testo \\VV{{")).toEqual({ from: 11, labels: ["A", "B", "L2", "C+"] });
    expect(offered("\\VF{{L")?.labels).toEqual(["A", "B", "L2", "C+"]);
    expect(offered("\\VF{{L")?.from).toBe(5);
  });

  it("offers them after `}{` and after a slash, without those already given", () => {
    expect(offered("\\VV{{A:reading}{")?.labels).toEqual(["A", "B", "L2", "C+"]);
    expect(offered("\\VV{{A:r \\MARG{x}}{B/")?.labels).toEqual(["A", "L2", "C+"]);
    expect(offered("\\VV{{*/A/")?.labels).toEqual(["B", "L2", "C+"]);
  });

  it("follows the document: a declaration added later is offered", () => {
    expect(offered("\\ElencoTestimoni{Z}\\VV{{")?.labels).toContain("Z");
  });

  it("offers no sigla in the reading's text or outside variants", () => {
    expect(siglaPosition("\\VV{{A:read")).toBeNull();
    expect(siglaPosition("\\Capitolo{{")).toBeNull();
    expect(siglaPosition("{{")).toBeNull();
    expect(siglaPosition("\\VV{{A:x}} {")).toBeNull();
    expect(offered("\\Cit{{")).toBeNull();
  });

  it("completes the edition's macro names after a backslash", () => {
    const result = offered("Testo \\Cit");
    expect(result?.from).toBe(6);
    expect(result?.labels).toEqual(
      expect.arrayContaining(["\\Citlonga", "\\ElencoTestimoni", "\\VV"]),
    );
  });
});
