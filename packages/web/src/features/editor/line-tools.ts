import type { Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { Prec, StateEffect, StateField, type Extension, type Text } from "@codemirror/state";
import { Decoration, EditorView, keymap, type DecorationSet } from "@codemirror/view";
import type { LineDiagnostic } from "../../slots/editor";
import { COMPILE_MARK } from "./diagnostic-sources";

/** The line of `doc` numbered `line`, clamped to the document. */
function lineOf(doc: Text, line: number) {
  return doc.line(Math.min(Math.max(1, Math.trunc(line)), doc.lines));
}

/** Compiler messages as CodeMirror diagnostics, each underlining its whole line. */
export function toCmDiagnostics(doc: Text, diagnostics: readonly LineDiagnostic[]): CmDiagnostic[] {
  return diagnostics.map((d) => {
    const line = lineOf(doc, d.line);
    return {
      from: line.from,
      to: line.to,
      severity: d.severity,
      message: d.message,
      markClass: COMPILE_MARK,
    };
  });
}

/** How long a line reached from a link stays highlighted. */
export const FLASH_MS = 2000;

const flashEffect = StateEffect.define<number | null>();
const flashMark = Decoration.line({ class: "cm-flashLine" });

/** The briefly highlighted line (its start position), if any. */
const flashField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(flashEffect)) {
        next =
          effect.value === null ? Decoration.none : Decoration.set([flashMark.range(effect.value)]);
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The flash of `goToLine`; part of every editor. */
export const lineFlash: Extension = flashField;

/**
 * Puts the cursor at the start of `line` (clamped), scrolls it to the middle of the view and
 * highlights it for FLASH_MS. Answers a function that clears the highlight early.
 */
export function goToLine(view: EditorView, line: number): () => void {
  return goToPosition(view, lineOf(view.state.doc, line).from);
}

/** `goToLine` to a position: the cursor there, its line scrolled to the middle and flashed. */
export function goToPosition(view: EditorView, pos: number): () => void {
  const target = view.state.doc.lineAt(Math.min(Math.max(0, pos), view.state.doc.length));
  view.dispatch({
    selection: { anchor: pos },
    effects: [EditorView.scrollIntoView(pos, { y: "center" }), flashEffect.of(target.from)],
  });
  const clear = () => {
    if (view.dom.isConnected) view.dispatch({ effects: flashEffect.of(null) });
  };
  const timer = setTimeout(clear, FLASH_MS);
  return () => clearTimeout(timer);
}

/**
 * Ctrl/Cmd+Enter runs `run`, before CodeMirror's own "insert blank line", which still happens
 * when `run` answers false (nothing to run in this editor).
 */
export function runKeymap(run: () => boolean): Extension {
  return Prec.highest(keymap.of([{ key: "Mod-Enter", run }]));
}
