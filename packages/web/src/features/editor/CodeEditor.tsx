import { lintGutter } from "@codemirror/lint";
import { EditorState, Transaction, type Text } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { COMPILE_MARK, replaceDiagnostics } from "./diagnostic-sources";
import { createDirtyTracker, type DirtyTracker } from "./dirty-tracker";
import type { LanguageId } from "./languages";
import type { LineDiagnostic } from "../../slots/editor";
import { goToLine, goToPosition, lineFlash, runKeymap, toCmDiagnostics } from "./line-tools";
import { checkedField, checkListener, type CheckListener } from "./mauro-check/live-check";
import { editingSetup, editorTheme } from "./setup";
import type { DocumentTheme } from "./use-document-theme";
import { createCompartments, useReconfigure } from "./use-reconfigure";

/** What the editor page may ask of the CodeMirror view. */
export interface CodeEditorHandle {
  /** The current document; immutable, so it can be saved while the user types on. */
  getDoc: () => Text;
  /** `doc` is now on the server: the editor is clean again unless it changed since. */
  markSaved: (doc: Text) => void;
  /** Replaces the whole text without an undo step and marks it saved. */
  reset: (content: string) => void;
  focus: () => void;
  /** Moves the cursor to the start of the outline's entry `index` (from the live checker). */
  goToPart: (index: number) => void;
  /** The line (from 1) of the cursor. */
  cursorLine: () => number;
  /** Moves the cursor to `line` (from 1), scrolled to and flashed, and focuses the text. */
  goToLine: (line: number) => void;
}

export interface CodeEditorProps {
  initialContent: string;
  language: LanguageId;
  wrap: boolean;
  readOnly: boolean;
  theme: DocumentTheme;
  /** Accessible name of the text area, e.g. the file name. */
  label: string;
  /** CodeMirror's interface texts in the user's language (phrases.ts). */
  phrases: Record<string, string>;
  onDirtyChange: (dirty: boolean) => void;
  /**
   * Compiler messages on this file, shown in a gutter and underlined; undefined for files that
   * are never compiled (no gutter).
   */
  diagnostics?: readonly LineDiagnostic[];
  /** A line to show: the cursor goes there, scrolled into view and briefly highlighted. */
  line?: number;
  /** Ctrl/Cmd+Enter (the workbench's compile). */
  onRun?: () => void;
  /** The live Mauro-TeX checker's answers and the outline entry the cursor is in. */
  onCheck?: CheckListener;
  ref?: Ref<CodeEditorHandle>;
}

/**
 * One CodeMirror view for the life of the component. React never re-renders the text: the
 * view owns it, props only reconfigure compartments, and the page hears about changes only
 * when the "unsaved" flag flips — so a 10 MiB file stays responsive.
 */
export function CodeEditor(props: CodeEditorProps) {
  const { language, readOnly, theme, phrases, diagnostics, line, ref } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const trackerRef = useRef<DirtyTracker | null>(null);
  const compartments = useRef(createCompartments()).current;
  // The view is created once; it reads the props of its first render through this ref.
  const initial = useRef(props).current;
  const onDirtyChange = useRef(props.onDirtyChange);
  const onRun = useRef(props.onRun);
  const onCheck = useRef(props.onCheck);
  useEffect(() => {
    onDirtyChange.current = props.onDirtyChange;
    onRun.current = props.onRun;
    onCheck.current = props.onCheck;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const state = EditorState.create({
      doc: initial.initialContent,
      extensions: [
        editingSetup(),
        compartments.language.of([]),
        compartments.theme.of(editorTheme(initial.theme)),
        compartments.readOnly.of(EditorState.readOnly.of(initial.readOnly)),
        compartments.phrases.of(EditorState.phrases.of(initial.phrases)),
        initial.wrap ? EditorView.lineWrapping : [],
        initial.diagnostics || initial.language === "maurotex" ? lintGutter() : [],
        lineFlash,
        runKeymap(() => {
          if (!onRun.current) return false;
          onRun.current();
          return true;
        }),
        checkListener.of({
          onChecked: (checked) => onCheck.current?.onChecked(checked),
          onCurrentPart: (index) => onCheck.current?.onCurrentPart(index),
        }),
        EditorView.contentAttributes.of({ "aria-label": initial.label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) trackerRef.current?.update(update.state.doc);
        }),
      ],
    });
    trackerRef.current = createDirtyTracker(state.doc, (dirty) => onDirtyChange.current(dirty));
    const view = new EditorView({ state, parent: host });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [initial, compartments]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !diagnostics) return;
    const marks = toCmDiagnostics(view.state.doc, diagnostics);
    view.dispatch(replaceDiagnostics(view.state, COMPILE_MARK, marks));
  }, [diagnostics]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || line === undefined) return;
    view.focus();
    return goToLine(view, line);
  }, [line]);

  useReconfigure(viewRef, compartments, { language, theme, readOnly, phrases });

  useImperativeHandle(
    ref,
    () => ({
      getDoc: () => viewRef.current?.state.doc ?? EditorState.create().doc,
      markSaved: (doc) => {
        const view = viewRef.current;
        if (view) trackerRef.current?.markSaved(doc, view.state.doc);
      },
      reset: (content) => {
        const view = viewRef.current;
        if (!view) return;
        view.dispatch({
          changes: { from: 0, to: view.state.doc.length, insert: content },
          annotations: Transaction.addToHistory.of(false),
        });
        trackerRef.current?.markSaved(view.state.doc, view.state.doc);
      },
      focus: () => viewRef.current?.focus(),
      goToPart: (index) => {
        const view = viewRef.current;
        const entry = view?.state.field(checkedField, false)?.outline[index];
        if (!view || !entry) return;
        view.focus();
        goToPosition(view, entry.from);
      },
      cursorLine: () => {
        const state = viewRef.current?.state;
        return state ? state.doc.lineAt(state.selection.main.head).number : 1;
      },
      goToLine: (target) => {
        const view = viewRef.current;
        if (!view) return;
        view.focus();
        goToLine(view, target);
      },
    }),
    [],
  );

  return <div ref={hostRef} className="editor__code" />;
}
