import { checkMauroTex, guessCompileProfile, type CheckResult } from "@scriptorium/shared";

/** What the editor sends the checker: a version of the document. */
export interface CheckRequest {
  id: number;
  text: string;
}

/**
 * The checker's answer: `mauro` false for a LaTeX document (`\documentclass`, compiled by
 * pdflatex, so not Mauro-TeX: nothing is checked); `ms` is how long the check took.
 */
export type CheckAnswer =
  { id: number; mauro: true; result: CheckResult; ms: number } | { id: number; mauro: false };

/** Runs the check of one request; the worker's whole work (kept apart to be tested). */
export function answerCheck({ id, text }: CheckRequest): CheckAnswer {
  if (guessCompileProfile(text) === "latex") return { id, mauro: false };
  const start = performance.now();
  const result = checkMauroTex(text);
  return { id, mauro: true, result, ms: performance.now() - start };
}
