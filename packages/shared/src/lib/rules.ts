import { RegExpValidator } from "@eslint-community/regexpp";
import type { Rule } from "../schemas/user.js";

/** Why a rule cannot be saved: which rule (0-based), where in its pattern, and what is wrong. */
export interface RuleProblem {
  rule: number;
  /** 0-based character position in the regular expression, or -1 for a path rule. */
  position: number;
  message: string;
}

const validator = new RegExpValidator({ ecmaVersion: 2025 });

/**
 * Checks one regular expression as JavaScript (no flags) reads it; undefined when it is
 * valid, else the position and the reason of the first error.
 */
export function regexProblem(raw: string): { position: number; message: string } | undefined {
  try {
    validator.validatePattern(raw, 0, raw.length, { unicode: false, unicodeSets: false });
    new RegExp(raw);
    return undefined;
  } catch (err) {
    const index = (err as { index?: unknown }).index;
    const text = err instanceof Error ? err.message : String(err);
    // regexpp's message is "Invalid regular expression: /…/: reason"; keep the reason.
    const reason = text.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    return { position: typeof index === "number" ? index : 0, message: reason };
  }
}

/**
 * The first rule that cannot be saved (API.md Part A §15): an invalid regular expression, or a
 * path rule whose path is empty or not "/"-rooted.
 */
export function firstRuleProblem(rules: readonly Rule[]): RuleProblem | undefined {
  for (const [i, rule] of rules.entries()) {
    if (rule.regex) {
      const problem = regexProblem(rule.regexp.raw);
      if (problem) return { rule: i, ...problem };
    } else if (!rule.path.startsWith("/")) {
      return { rule: i, position: -1, message: 'A path rule needs a path that starts with "/"' };
    }
  }
  return undefined;
}

/** The sentence a 400 carries for a rule problem (rules are counted from 1 for people). */
export function ruleProblemMessage(p: RuleProblem): string {
  return p.position < 0
    ? `Rule ${p.rule + 1}: ${p.message}`
    : `Rule ${p.rule + 1}: invalid regular expression at position ${p.position + 1}: ${p.message}`;
}
