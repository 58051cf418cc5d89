import { EditorState } from "@codemirror/state";
import { EditorView, runScopeHandlers } from "@codemirror/view";
import type { CheckResult } from "@scriptorium/shared";
import { afterEach, describe, expect, it } from "vitest";
import { mauroTexLanguage } from "../mauro-tex";
import { applyAnswer, liveCheck } from "./live-check";
import { siglumAt, siglumGoTo } from "./siglum-goto";

const DOC = "\\ElencoTestimoni{A/B2/C+}\n\\Unit Testo \\VV{{A/B2:una}{C+:altra}} e B2.\n";
const at = (text: string, nth = 0) => {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = DOC.indexOf(text, index + 1);
  return index;
};
const RESULT: CheckResult = {
  findings: [],
  outline: [],
  sigla: ["A", "B2", "C+"].map((siglum) => {
    const from = DOC.indexOf(siglum, 17);
    return { siglum, line: 1, column: from + 1, from, to: from + siglum.length };
  }),
};

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

function open(anchor = 0) {
  view = new EditorView({
    state: EditorState.create({
      doc: DOC,
      selection: { anchor },
      extensions: [mauroTexLanguage, liveCheck(() => new Promise(() => undefined)), siglumGoTo],
    }),
    parent: document.body,
  });
  applyAnswer(view, { id: 1, mauro: true, result: RESULT, ms: 0 });
  return view;
}

describe("go-to from a siglum to its declaration", () => {
  it("finds the siglum under a position only among a reading's sigla", () => {
    const v = open();
    expect(siglumAt(v.state, at("B2:") + 1)).toEqual({ siglum: "B2", from: at("B2:") });
    expect(siglumAt(v.state, at("A/B2:"))).toEqual({ siglum: "A", from: at("A/B2:") });
    expect(siglumAt(v.state, at("C+:altra") + 2)).toEqual({ siglum: "C+", from: at("C+:altra") });
    // In the reading's text and in running text a "B2" is no siglum.
    expect(siglumAt(v.state, at("una") + 1)).toBeNull();
    expect(siglumAt(v.state, at("B2.") + 1)).toBeNull();
  });

  it("F12 on a siglum selects its declaration; elsewhere F12 does nothing", () => {
    const v = open(at("C+:altra") + 1);
    expect(runScopeHandlers(v, new KeyboardEvent("keydown", { key: "F12" }), "editor")).toBe(true);
    expect(v.state.selection.main).toMatchObject({ from: at("C+}"), to: at("C+}") + 2 });

    v.dispatch({ selection: { anchor: at("una") } });
    expect(runScopeHandlers(v, new KeyboardEvent("keydown", { key: "F12" }), "editor")).toBe(false);
    expect(v.state.selection.main.head).toBe(at("una"));
  });
});
