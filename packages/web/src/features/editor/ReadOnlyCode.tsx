import { syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, highlightSpecialChars, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import type { TextViewProps } from "../../slots/text-view";
import { languageFor, wrapsLines, type LanguageId } from "./languages";
import { loadLanguage } from "./load-language";
import { mauroHighlightStyle, mauroTexLanguage } from "./mauro-tex";
import { editorTheme } from "./setup";
import { useDocumentTheme } from "./use-document-theme";

/**
 * The highlighting of a language without its editing help: Mauro-TeX without completion and the
 * live checker (a reader has nothing to fix), the others as the editor loads them.
 */
async function highlightingOf(id: LanguageId): Promise<Extension> {
  if (id === "maurotex") return [mauroTexLanguage, syntaxHighlighting(mauroHighlightStyle)];
  return loadLanguage(id);
}

/**
 * A text read only, highlighted as the editor highlights it (the same language, palettes and
 * theme): line numbers, long prose lines wrapped, the text selectable and scrollable from the
 * keyboard. No editing, completion, checker or search.
 */
export default function ReadOnlyCode({ text, name, label }: TextViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const theme = useDocumentTheme();
  const themes = useRef(new Compartment());
  const language = useRef(new Compartment());
  const themeRef = useRef(theme);
  themeRef.current = theme;

  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          highlightSpecialChars(),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          wrapsLines(name) ? EditorView.lineWrapping : [],
          themes.current.of(editorTheme(themeRef.current)),
          language.current.of([]),
          EditorView.contentAttributes.of({ "aria-label": label, "aria-readonly": "true" }),
        ],
      }),
    });
    view.current = created;
    let alive = true;
    void highlightingOf(languageFor(name)).then((extension) => {
      if (alive) created.dispatch({ effects: language.current.reconfigure(extension) });
    });
    return () => {
      alive = false;
      created.destroy();
      view.current = undefined;
    };
  }, [text, name, label]);

  useEffect(() => {
    view.current?.dispatch({ effects: themes.current.reconfigure(editorTheme(theme)) });
  }, [theme]);

  return <div ref={host} className="read-only-code" data-testid="read-only-code" />;
}
