import { RegExpValidator } from "@eslint-community/regexpp";
import type { Rule } from "../schemas/user.js";

/** Why a rule cannot be saved: which rule (0-based), where in its pattern, and what is wrong. */
export interface RuleProblem {
  rule: number;
  /** 0-based character position in the regular expression, or -1 for a path rule. */
  position: number;
  /** The pattern ends too early (an unterminated group or class): `position` is its length. */
  atEnd: boolean;
  message: string;
}

const validator = new RegExpValidator({ ecmaVersion: 2025 });

/**
 * Checks one regular expression as JavaScript (no flags) reads it; undefined when it is
 * valid, else the position and the reason of the first error.
 */
export function regexProblem(
  raw: string,
): { position: number; atEnd: boolean; message: string } | undefined {
  try {
    validator.validatePattern(raw, 0, raw.length, { unicode: false, unicodeSets: false });
    new RegExp(raw);
    return undefined;
  } catch (err) {
    const index = (err as { index?: unknown }).index;
    const text = err instanceof Error ? err.message : String(err);
    // regexpp's message is "Invalid regular expression: /…/: reason"; keep the reason.
    const reason = text.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    const position = Math.min(typeof index === "number" ? index : 0, raw.length);
    return { position, atEnd: position >= raw.length, message: reason };
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
      return {
        rule: i,
        position: -1,
        atEnd: false,
        message: 'A path rule needs a path that starts with "/"',
      };
    }
  }
  return undefined;
}

/** The sentence a 400 carries for a rule problem (rules are counted from 1 for people). */
export function ruleProblemMessage(p: RuleProblem): string {
  if (p.position < 0) return `Rule ${p.rule + 1}: ${p.message}`;
  const where = p.atEnd ? "at its end" : `at character ${p.position + 1}`;
  return `Rule ${p.rule + 1}: invalid regular expression ${where}: ${p.message}`;
}
