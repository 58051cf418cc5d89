import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { completionIcons } from "./completion-icons";
import { completionKeys } from "./completion-keys";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { lintKeymap } from "@codemirror/lint";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import type { Extension } from "@codemirror/state";
import { darkHighlightStyle, lightHighlightStyle } from "./highlight-palettes";
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from "@codemirror/view";
import type { DocumentTheme } from "./use-document-theme";

/**
 * The editing features (CodeMirror's usual "basic setup", assembled here because the installed
 * `codemirror` package is the legacy CodeMirror 5). The search panel opens at the top with
 * Ctrl/Cmd+F; Tab indents (Escape then Tab leaves the editor, as CodeMirror documents), or
 * accepts a completion while the menu is open.
 */
export function editingSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    indentOnInput(),
    syntaxHighlighting(lightHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    // No option is chosen until the user moves into the menu: Enter makes a new line, Tab
    // accepts (completion-keys.ts).
    autocompletion({ selectOnOpen: false, ...completionIcons }),
    completionKeys,
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      // F8 goes to the next mark (the compile's or the live checker's); Ctrl/Cmd+Shift+M lists
      // them where the browser leaves that key to the page (Chrome keeps it for its profiles).
      ...lintKeymap,
      indentWithTab,
    ]),
  ];
}

const MONO = 'ui-monospace, "SFMono-Regular", "Cascadia Mono", Menlo, Consolas, monospace';

/**
 * Colours come from the app's custom properties, so the editor follows the light and dark
 * themes of base.css; only the `dark` flag and the syntax palette change with the theme.
 */
export function editorTheme(theme: DocumentTheme): Extension {
  const dark = theme === "dark";
  return [
    EditorView.theme(
      {
        "&": {
          height: "100%",
          backgroundColor: "var(--surface)",
          color: "var(--text)",
          fontSize: "0.95rem",
        },
        "&.cm-focused": { outline: "none" },
        ".cm-scroller": { fontFamily: MONO, lineHeight: "1.6" },
        ".cm-content": { caretColor: "var(--accent)", paddingBlock: "0.5rem" },
        ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
        "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
          { backgroundColor: "color-mix(in srgb, var(--accent) 28%, transparent)" },
        ".cm-gutters": {
          backgroundColor: "var(--surface)",
          color: "var(--text-muted)",
          borderInlineEnd: "1px solid var(--border)",
        },
        ".cm-activeLine": { backgroundColor: "var(--hover)" },
        ".cm-activeLineGutter": { backgroundColor: "var(--hover)", color: "var(--text)" },
        ".cm-selectionMatch": { backgroundColor: "var(--accent-soft)" },
        "&.cm-focused .cm-matchingBracket": {
          backgroundColor: "color-mix(in srgb, var(--success) 25%, transparent)",
        },
        ".cm-searchMatch": {
          backgroundColor: "color-mix(in srgb, #f9a825 35%, transparent)",
          outline: "1px solid color-mix(in srgb, #f9a825 70%, transparent)",
        },
        ".cm-searchMatch.cm-searchMatch-selected": {
          backgroundColor: "color-mix(in srgb, #f9a825 65%, transparent)",
        },
        ".cm-panels": { backgroundColor: "var(--surface-2)", color: "var(--text)" },
        ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--border)" },
        ".cm-panel.cm-search": { padding: "0.4rem 2rem 0.4rem 0.6rem", fontFamily: "inherit" },
        ".cm-panel.cm-search label": { fontSize: "0.85rem" },
        ".cm-textfield": {
          border: "1px solid var(--border)",
          borderRadius: "var(--radius-sm)",
          backgroundColor: "var(--surface)",
          color: "var(--text)",
          padding: "0.2rem 0.4rem",
        },
        ".cm-button": {
          border: "1px solid var(--border)",
          borderRadius: "var(--radius-sm)",
          backgroundImage: "none",
          backgroundColor: "var(--surface)",
          color: "var(--text)",
        },
        ".cm-tooltip": {
          border: "1px solid var(--border)",
          backgroundColor: "var(--surface)",
          color: "var(--text)",
        },
        ".cm-foldPlaceholder": {
          backgroundColor: "var(--surface-2)",
          border: "none",
          color: "var(--text-muted)",
        },
      },
      { dark },
    ),
    // Code runs left to right inside a right-to-left page (Arabic, Hebrew interfaces).
    EditorView.editorAttributes.of({ dir: "ltr" }),
    // Reachable by Tab even when read-only (WCAG 2.1.1: the scroller's content is focusable).
    EditorView.contentAttributes.of({ tabindex: "0" }),
    // Not a fallback: languages that add their own colours (Mauro-TeX) keep these as well.
    syntaxHighlighting(dark ? darkHighlightStyle : lightHighlightStyle),
  ];
}
