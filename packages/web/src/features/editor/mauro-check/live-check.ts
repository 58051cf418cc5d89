import type { Diagnostic as CmDiagnostic } from "@codemirror/lint";
import {
  Facet,
  StateEffect,
  StateField,
  type ChangeDesc,
  type EditorState,
  type Extension,
} from "@codemirror/state";
import { ViewPlugin, type EditorView, type ViewUpdate } from "@codemirror/view";
import type { CheckFinding, OutlineEntry, SiglumDeclaration } from "@scriptorium/shared";
import { CHECK_MARK, replaceDiagnostics } from "../diagnostic-sources";
import type { CheckAnswer } from "./check-answer";
import type { Checker } from "./check-client";

/** How long after the last keystroke the document is checked. */
export const CHECK_DELAY_MS = 200;

/** The last check's outline and sigla, their positions kept in step with later edits. */
export interface CheckedDocument {
  /** False for a LaTeX document (`\documentclass`): nothing is checked. */
  mauro: boolean;
  outline: OutlineEntry[];
  sigla: SiglumDeclaration[];
}

/** What the page around the editor hears of the checker. */
export interface CheckListener {
  /** After each check (the same document may be answered again). */
  onChecked: (checked: CheckedDocument) => void;
  /** The outline entry the cursor is in (-1 before the first), when it changes. */
  onCurrentPart: (index: number) => void;
}

/** The listener of the editor's page (at most one). */
export const checkListener = Facet.define<CheckListener, CheckListener | null>({
  combine: (values) => values[0] ?? null,
});

const checkedEffect = StateEffect.define<CheckedDocument>();

/** Text typed just before a part or a siglum goes before it: each keeps its own start. */
function mapChecked(checked: CheckedDocument, changes: ChangeDesc): CheckedDocument {
  return {
    mauro: checked.mauro,
    outline: checked.outline.map((entry) => ({ ...entry, from: changes.mapPos(entry.from, 1) })),
    sigla: checked.sigla.map((siglum) => {
      const from = changes.mapPos(siglum.from, 1);
      return { ...siglum, from, to: Math.max(from, changes.mapPos(siglum.to, -1)) };
    }),
  };
}

/** The last answer of the checker for this editor, null before the first. */
export const checkedField = StateField.define<CheckedDocument | null>({
  create: () => null,
  update(checked, tr) {
    for (const effect of tr.effects) if (effect.is(checkedEffect)) return effect.value;
    return checked && tr.docChanged ? mapChecked(checked, tr.changes) : checked;
  },
});

/** The index of the outline entry `pos` is in: the last that starts at or before it. */
export function partAt(state: EditorState, pos: number): number {
  const outline = state.field(checkedField, false)?.outline ?? [];
  let found = -1;
  for (let i = 0; i < outline.length; i++) {
    if ((outline[i]?.from ?? Infinity) <= pos) found = i;
    else break;
  }
  return found;
}

/** The checker's findings as the editor's marks (the compile's look, tagged as the checker's). */
export function findingMarks(
  state: EditorState,
  findings: readonly CheckFinding[],
): CmDiagnostic[] {
  const end = state.doc.length;
  return findings.map((f) => {
    const from = Math.min(Math.max(0, f.from), end);
    return {
      from,
      to: Math.min(Math.max(from, f.to), end),
      severity: f.severity,
      message: f.message,
      markClass: CHECK_MARK,
    };
  });
}

/** Applies an answer to the document it was computed on. */
export function applyAnswer(view: EditorView, answer: CheckAnswer): void {
  const checked: CheckedDocument = answer.mauro
    ? { mauro: true, outline: answer.result.outline, sigla: answer.result.sigla }
    : { mauro: false, outline: [], sigla: [] };
  const findings = answer.mauro ? answer.result.findings : [];
  // How long the worker took, for the bench and a curious eye (not shown).
  view.dom.dataset.checkMs = answer.mauro ? answer.ms.toFixed(1) : "";
  view.dispatch(replaceDiagnostics(view.state, CHECK_MARK, findingMarks(view.state, findings)), {
    effects: checkedEffect.of(checked),
  });
}

/**
 * The live check: the document is sent to `checker` when the editor opens and `delay` ms after
 * the last change; an answer is applied only if the text is still the one sent (a later edit
 * sends it again). The checker runs elsewhere (a web worker): the main thread never checks.
 */
export function liveCheck(checker: Checker, delay = CHECK_DELAY_MS): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      timer: ReturnType<typeof setTimeout> | undefined;
      destroyed = false;
      part = -2;

      constructor(readonly view: EditorView) {
        this.schedule(0);
      }

      schedule(ms: number) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.check(), ms);
      }

      async check() {
        const doc = this.view.state.doc;
        const answer = await checker(doc.toString());
        if (this.destroyed || !answer || this.view.state.doc !== doc) return;
        applyAnswer(this.view, answer);
      }

      update(update: ViewUpdate) {
        if (update.docChanged) this.schedule(delay);
        const listener = update.state.facet(checkListener);
        if (!listener) return;
        const checked = update.state.field(checkedField, false);
        if (checked && checked !== update.startState.field(checkedField, false)) {
          const answered = update.transactions.some((tr) =>
            tr.effects.some((e) => e.is(checkedEffect)),
          );
          if (answered) listener.onChecked(checked);
        }
        const part = partAt(update.state, update.state.selection.main.head);
        if (part !== this.part) {
          this.part = part;
          listener.onCurrentPart(part);
        }
      }

      destroy() {
        this.destroyed = true;
        clearTimeout(this.timer);
      }
    },
  );
  return [checkedField, plugin];
}
