import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import type { Text } from "@codemirror/state";
import { declaredSigla } from "@scriptorium/shared";
import { EDITION_MACROS } from "./mauro-tex";

/** How far back the completion looks for the variant around the cursor. */
const LOOK_BEHIND = 4000;

// A document's sigla, computed once per version of the text (Text values are immutable).
const siglaCache = new WeakMap<Text, string[]>();

/** The sigla `\ElencoTestimoni` declares in `doc`, recomputed when the text changes. */
export function documentSigla(doc: Text): string[] {
  let sigla = siglaCache.get(doc);
  if (!sigla) {
    sigla = declaredSigla(doc.toString());
    siglaCache.set(doc, sigla);
  }
  return sigla;
}

/** Index of the `{` that encloses `end` in `text`, skipping balanced groups; -1 if none. */
function enclosingBrace(text: string, end: number): number {
  let balance = 0;
  for (let i = end - 1; i >= 0; i--) {
    const ch = text[i];
    if ((ch === "{" || ch === "}") && text[i - 1] === "\\") continue;
    if (ch === "}") balance++;
    else if (ch === "{") {
      if (balance === 0) return i;
      balance--;
    }
  }
  return -1;
}

/**
 * When the cursor is where a reading's sigla go (`\VV{{A/B|` or `…}{|`), the sigla already
 * typed before it and the part of the current one; otherwise null.
 */
export function siglaPosition(before: string): { typed: string[]; partial: string } | null {
  const reading = enclosingBrace(before, before.length);
  if (reading < 0) return null;
  const head = /^((?:[A-Za-z0-9+*]+\/)*)([A-Za-z0-9+]*)$/.exec(before.slice(reading + 1));
  if (!head) return null;
  const variant = enclosingBrace(before, reading);
  if (variant < 0 || !/\\V[VF]\s*$/.test(before.slice(0, variant))) return null;
  const typed = (head[1] ?? "").split("/").filter(Boolean);
  return { typed, partial: head[2] ?? "" };
}

const macroOptions: Completion[] = EDITION_MACROS.map((name) => ({
  label: `\\${name}`,
  type: "keyword",
  detail: "Mauro-TeX",
}));

/**
 * Completion in Mauro-TeX: the declared sigla at the start of a variant's reading, the
 * edition's macros after a backslash.
 */
export function mauroCompletion(context: CompletionContext): CompletionResult | null {
  const { state, pos } = context;
  const start = Math.max(0, pos - LOOK_BEHIND);
  const before = state.sliceDoc(start, pos);

  const sigla = siglaPosition(before);
  if (sigla) {
    const options = documentSigla(state.doc)
      .filter((siglum) => !sigla.typed.includes(siglum))
      .map((siglum): Completion => ({ label: siglum, type: "constant" }));
    if (options.length === 0) return null;
    return { from: pos - sigla.partial.length, options, validFor: /^[A-Za-z0-9+]*$/ };
  }

  const macro = context.matchBefore(/\\[A-Za-z]*/);
  if (!macro) return null;
  return { from: macro.from, options: macroOptions, validFor: /^\\[A-Za-z]*$/ };
}
