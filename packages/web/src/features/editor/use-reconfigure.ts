import { Compartment, EditorState } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useEffect, type RefObject } from "react";
import type { LanguageId } from "./languages";
import { loadLanguage } from "./load-language";
import { editorTheme } from "./setup";
import type { DocumentTheme } from "./use-document-theme";

/** The settings of a CodeMirror view that change after it is created, one compartment each. */
export interface EditorCompartments {
  language: Compartment;
  theme: Compartment;
  readOnly: Compartment;
  phrases: Compartment;
}

export function createCompartments(): EditorCompartments {
  return {
    language: new Compartment(),
    theme: new Compartment(),
    readOnly: new Compartment(),
    phrases: new Compartment(),
  };
}

interface Settings {
  language: LanguageId;
  theme: DocumentTheme;
  readOnly: boolean;
  phrases: Record<string, string>;
}

/**
 * Keeps the view's compartments in step with the props: the language once its highlighting has
 * loaded, the theme, read-only and CodeMirror's phrases at once.
 */
export function useReconfigure(
  viewRef: RefObject<EditorView | null>,
  compartments: EditorCompartments,
  { language, theme, readOnly, phrases }: Settings,
): void {
  useEffect(() => {
    let cancelled = false;
    loadLanguage(language)
      .then((extension) => {
        if (!cancelled) {
          viewRef.current?.dispatch({ effects: compartments.language.reconfigure(extension) });
        }
      })
      // Without its highlighting the text is still fully editable.
      .catch((err: unknown) => console.warn("syntax highlighting unavailable", err));
    return () => {
      cancelled = true;
    };
  }, [viewRef, language, compartments]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.theme.reconfigure(editorTheme(theme)) });
  }, [viewRef, theme, compartments]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.readOnly.reconfigure(EditorState.readOnly.of(readOnly)),
    });
  }, [viewRef, readOnly, compartments]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.phrases.reconfigure(EditorState.phrases.of(phrases)),
    });
  }, [viewRef, phrases, compartments]);
}
