import type { TFunction } from "i18next";

/**
 * CodeMirror's own interface texts (search panel, go to line, folding, screen-reader
 * announcements), keyed by its English phrase, in the user's language. "$" stands for a number
 * that CodeMirror puts in.
 */
export function editorPhrases(t: TFunction): Record<string, string> {
  return {
    Find: t("editor.cm.find"),
    Replace: t("editor.cm.replace"),
    next: t("editor.cm.next"),
    previous: t("editor.cm.previous"),
    all: t("editor.cm.all"),
    "match case": t("editor.cm.matchCase"),
    regexp: t("editor.cm.regexp"),
    "by word": t("editor.cm.byWord"),
    replace: t("editor.cm.replaceOne"),
    "replace all": t("editor.cm.replaceAll"),
    close: t("editor.cm.close"),
    "current match": t("editor.cm.currentMatch"),
    "on line": t("editor.cm.onLine"),
    "replaced $ matches": t("editor.cm.replacedMatches"),
    "replaced match on line $": t("editor.cm.replacedMatchOnLine"),
    "Go to line": t("editor.cm.goToLine"),
    go: t("editor.cm.go"),
    "Fold line": t("editor.cm.foldLine"),
    "Unfold line": t("editor.cm.unfoldLine"),
    "folded code": t("editor.cm.foldedCode"),
    unfold: t("editor.cm.unfold"),
    Diagnostics: t("editor.cm.diagnostics"),
    "No diagnostics": t("editor.cm.noDiagnostics"),
  };
}
