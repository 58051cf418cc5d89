import { syntaxHighlighting } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { mauroCompletion } from "./mauro-completion";
import { mauroHighlightStyle, mauroTexLanguage } from "./mauro-tex";

/** Mauro-TeX in the editor: the language, its colours and its completion. */
export function mauroTex(): Extension {
  return [
    mauroTexLanguage,
    syntaxHighlighting(mauroHighlightStyle),
    mauroTexLanguage.data.of({ autocomplete: mauroCompletion }),
  ];
}
