import { checkMauroTex, guessCompileProfile, type CheckResult } from "@scriptorium/shared";

/** What the editor sends the checker: a version of the document. */
export interface CheckRequest {
  id: number;
  text: string;
}

/**
 * The checker's answer: `mauro` false for a LaTeX document (compiled by pdflatex, so not
 * Mauro-TeX: nothing is checked); `ms` is how long the check took.
 */
export type CheckAnswer =
  { id: number; mauro: true; result: CheckResult; ms: number } | { id: number; mauro: false };

// Outside a comment: `\usepackage[…]{…mauro…}` (the edition's style, alone or in a list), `\htmlcut`.
const MAURO_STYLE = /^[^%\n]*\\usepackage\s*(?:\[[^\]]*\]\s*)?\{[^}]*\bmauro/m;
const HTMLCUT = /^[^%\n]*\\htmlcut\b/m;

/**
 * Whether the Mauro-TeX compilers read this `.tex`: a document without `\documentclass` (a part
 * of the edition), or one that loads the edition's style or has `\htmlcut` (the edition's own
 * documents begin with `\documentclass` and `\usepackage{mauro}`). A LaTeX document without
 * them is pdflatex's, and is not checked.
 */
export function isMauroTexDocument(text: string): boolean {
  return guessCompileProfile(text) !== "latex" || MAURO_STYLE.test(text) || HTMLCUT.test(text);
}

/** Runs the check of one request; the worker's whole work (kept apart to be tested). */
export function answerCheck({ id, text }: CheckRequest): CheckAnswer {
  if (!isMauroTexDocument(text)) return { id, mauro: false };
  const start = performance.now();
  const result = checkMauroTex(text);
  return { id, mauro: true, result, ms: performance.now() - start };
}
