import { syntaxHighlighting } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { mauroChecking } from "./mauro-check";
import { mauroCompletion } from "./mauro-completion";
import { mauroHighlightStyle, mauroTexLanguage } from "./mauro-tex";

/**
 * Mauro-TeX in the editor: the language, its colours, its completion and the live checker (marks,
 * outline, go-to from a siglum).
 */
export function mauroTex(): Extension {
  return [
    mauroTexLanguage,
    syntaxHighlighting(mauroHighlightStyle),
    mauroTexLanguage.data.of({ autocomplete: mauroCompletion }),
    mauroChecking(),
  ];
}
