import {
  forEachDiagnostic,
  setDiagnostics,
  type Diagnostic as CmDiagnostic,
} from "@codemirror/lint";
import type { EditorState, TransactionSpec } from "@codemirror/state";

/**
 * The editor's marks come from two sources that change at different times: the last compile's
 * diagnostics and the live Mauro-TeX checker's findings. CodeMirror's lint state holds one list,
 * so each source tags its marks with its own class (`markClass`) and replaces only its own.
 */
export const COMPILE_MARK = "cm-compileDiagnostic";
export const CHECK_MARK = "cm-checkDiagnostic";

/**
 * A transaction that puts `next` in place of the diagnostics tagged `mark`, keeping the other
 * source's at their current (mapped) positions.
 */
export function replaceDiagnostics(
  state: EditorState,
  mark: string,
  next: readonly CmDiagnostic[],
): TransactionSpec {
  const kept: CmDiagnostic[] = [];
  forEachDiagnostic(state, (d, from, to) => {
    if (d.markClass !== mark) kept.push({ ...d, from, to });
  });
  return setDiagnostics(state, [...kept, ...next]);
}
