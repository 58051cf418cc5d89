import { ensureSyntaxTree } from "@codemirror/language";
import { Prec, type EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap, type Command } from "@codemirror/view";
import type { SiglumDeclaration } from "@scriptorium/shared";
import { checkedField } from "./live-check";

/** The characters of one siglum in `A/B2/C+:`. */
const SIGLUM_CHAR = /[A-Za-z0-9+*]/;

/**
 * The siglum at `pos` in a reading's sigla (`\VV{{A/B:…}{C:…}}`, as the highlighter marks them),
 * with its extent; null elsewhere.
 */
export function siglumAt(state: EditorState, pos: number): { siglum: string; from: number } | null {
  const tree = ensureSyntaxTree(state, Math.min(state.doc.length, pos + 1), 100);
  if (!tree) return null;
  for (const side of [1, -1] as const) {
    const node = tree.resolveInner(pos, side);
    if (node.name !== "mauroSigla") continue;
    const text = state.sliceDoc(node.from, node.to);
    let start = pos - node.from;
    let end = start;
    while (start > 0 && SIGLUM_CHAR.test(text[start - 1] ?? "")) start--;
    while (end < text.length && SIGLUM_CHAR.test(text[end] ?? "")) end++;
    if (end === start) return null;
    return { siglum: text.slice(start, end), from: node.from + start };
  }
  return null;
}

/** Where `\ElencoTestimoni` declares `siglum`, from the last check. */
export function declarationOf(state: EditorState, siglum: string): SiglumDeclaration | null {
  const sigla = state.field(checkedField, false)?.sigla ?? [];
  return sigla.find((s) => s.siglum === siglum) ?? null;
}

/** Moves to the declaration of the siglum at `pos`; false when there is none to go to. */
export function goToDeclarationAt(view: EditorView, pos: number): boolean {
  const found = siglumAt(view.state, pos);
  const declaration = found && declarationOf(view.state, found.siglum);
  if (!declaration) return false;
  view.dispatch({
    selection: { anchor: declaration.from, head: declaration.to },
    effects: EditorView.scrollIntoView(declaration.from, { y: "center" }),
  });
  return true;
}

/** F12: from the siglum at the cursor to its declaration. */
export const goToSiglumDeclaration: Command = (view) =>
  goToDeclarationAt(view, view.state.selection.main.head);

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** F12 and Ctrl/Cmd-click on a siglum go to its declaration (elsewhere they do as usual). */
export const siglumGoTo: Extension = [
  Prec.high(keymap.of([{ key: "F12", run: goToSiglumDeclaration }])),
  Prec.high(
    EditorView.domEventHandlers({
      mousedown(event, view) {
        if (event.button !== 0 || !(isMac ? event.metaKey : event.ctrlKey)) return false;
        const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
        if (pos === null || !goToDeclarationAt(view, pos)) return false;
        event.preventDefault();
        return true;
      },
    }),
  ),
];
