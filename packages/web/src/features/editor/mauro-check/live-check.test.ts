import { forEachDiagnostic, type Diagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import type { CheckResult } from "@scriptorium/shared";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CHECK_MARK, COMPILE_MARK, replaceDiagnostics } from "../diagnostic-sources";
import { mauroTexLanguage } from "../mauro-tex";
import { answerCheck } from "./check-answer";
import type { Checker } from "./check-client";
import {
  applyAnswer,
  checkedField,
  checkListener,
  liveCheck,
  partAt,
  type CheckedDocument,
} from "./live-check";

/*
 * The live check with the worker's own function answering in this thread (the transport is the
 * only part left out: jsdom has no workers; the e2e test runs the real worker).
 */
const views: EditorView[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

interface Probe {
  sent: string[];
  checked: CheckedDocument[];
  parts: number[];
}

function open(doc: string, checker?: Checker, delay = 20) {
  const probe: Probe = { sent: [], checked: [], parts: [] };
  const check: Checker =
    checker ??
    ((text) => {
      probe.sent.push(text);
      return Promise.resolve(answerCheck({ id: probe.sent.length, text }));
    });
  const view = new EditorView({
    state: EditorState.create({
      doc,
      extensions: [
        mauroTexLanguage,
        liveCheck(check, delay),
        checkListener.of({
          onChecked: (checked) => probe.checked.push(checked),
          onCurrentPart: (index) => probe.parts.push(index),
        }),
      ],
    }),
    parent: document.body,
  });
  views.push(view);
  return { view, probe };
}

function marks(view: EditorView): (Diagnostic & { from: number; to: number })[] {
  const found: (Diagnostic & { from: number; to: number })[] = [];
  forEachDiagnostic(view.state, (d, from, to) => found.push({ ...d, from, to }));
  return found;
}

const RESULT: CheckResult = {
  findings: [],
  outline: [
    { kind: "Title", title: "De centris", level: 0, line: 1, from: 0 },
    { kind: "Capitolo", title: "Primo", level: 1, line: 3, from: 20 },
    { kind: "Capitolo", title: "Secondo", level: 1, line: 5, from: 43 },
  ],
  sigla: [],
};
const DOC = "\\Title{De centris}\n\n\\Capitolo{Primo}\ntesto\n\\Capitolo{Secondo}\nfine";

describe("live Mauro-TeX check", () => {
  it("marks an unbalanced brace when the editor opens, tagged as the checker's", async () => {
    const { view } = open("\\Unit Testo \\VV{{A:x}{B:y}\n");
    await waitFor(() => expect(marks(view)).toHaveLength(1));
    const [mark] = marks(view);
    expect(mark).toMatchObject({ severity: "error", markClass: CHECK_MARK, from: 15, to: 16 });
    expect(mark?.message).toMatch(/graffa/);
  });

  it("checks again after typing stops, and the mark goes when the brace is closed", async () => {
    const { view, probe } = open("\\Unit Testo.\n");
    await waitFor(() => expect(probe.sent).toHaveLength(1));
    expect(marks(view)).toEqual([]);
    view.dispatch({ changes: { from: 12, insert: " {" } });
    view.dispatch({ changes: { from: 14, insert: "x" } });
    await waitFor(() => expect(marks(view)).toHaveLength(1));
    // Two quick edits, one check.
    expect(probe.sent).toHaveLength(2);
    view.dispatch({ changes: { from: 15, insert: "}" } });
    await waitFor(() => expect(marks(view)).toEqual([]));
  });

  it("checks nothing in a LaTeX document (\\documentclass)", async () => {
    const { view, probe } = open("\\documentclass{article}\n\\begin{document}{\n");
    await waitFor(() => expect(probe.checked).toHaveLength(1));
    expect(probe.checked[0]?.mauro).toBe(false);
    expect(marks(view)).toEqual([]);
  });

  it("keeps the compile's diagnostics when its findings change, and the reverse", async () => {
    const { view } = open("a {\nb\n");
    await waitFor(() => expect(marks(view)).toHaveLength(1));
    view.dispatch(
      replaceDiagnostics(view.state, COMPILE_MARK, [
        { from: 4, to: 5, severity: "warning", message: "compiled", markClass: COMPILE_MARK },
      ]),
    );
    expect(marks(view).map((m) => m.markClass)).toEqual([CHECK_MARK, COMPILE_MARK]);
    view.dispatch({ changes: { from: 3, insert: "}" } });
    await waitFor(() => expect(marks(view).map((m) => m.message)).toEqual(["compiled"]));
    // The compile's mark moved with the text.
    expect(marks(view)[0]).toMatchObject({ from: 5, to: 6 });
  });

  it("drops an answer for a text that changed meanwhile, and applies the next", async () => {
    const pending: ((text: string) => void)[] = [];
    const checker: Checker = (text) =>
      new Promise((resolve) => pending.push(() => resolve(answerCheck({ id: 0, text }))));
    const { view } = open("{\n", checker);
    await waitFor(() => expect(pending).toHaveLength(1));
    view.dispatch({ changes: { from: 1, insert: "}" } });
    pending[0]?.("");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(marks(view)).toEqual([]);
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.("");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(marks(view)).toEqual([]);
    expect(view.state.field(checkedField)?.mauro).toBe(true);
  });

  it("keeps the outline's places in step with edits and tells the part the cursor is in", () => {
    const { view, probe } = open(DOC, () => new Promise(() => undefined));
    applyAnswer(view, { id: 1, mauro: true, result: RESULT, ms: 0 });
    expect(probe.checked.at(-1)?.outline.map((e) => e.title)).toEqual([
      "De centris",
      "Primo",
      "Secondo",
    ]);
    expect(partAt(view.state, 0)).toBe(0);
    view.dispatch({ selection: { anchor: 30 } });
    expect(probe.parts.at(-1)).toBe(1);
    view.dispatch({ selection: { anchor: DOC.length } });
    expect(probe.parts.at(-1)).toBe(2);
    view.dispatch({ changes: { from: 0, insert: "% nota\n" } });
    const outline = view.state.field(checkedField)?.outline ?? [];
    expect(outline.map((e) => e.from)).toEqual([7, 27, 50]);
    expect(view.state.sliceDoc(outline[2]?.from, (outline[2]?.from ?? 0) + 9)).toBe("\\Capitolo");
  });
});
