import { RE2JS, RE2JSException, RE2JSSyntaxException } from "re2js";
import type { Rule } from "../schemas/user.js";

/** Why a rule cannot be saved: which rule (0-based), where in its pattern, and what is wrong. */
export interface RuleProblem {
  rule: number;
  /**
   * 0-based character position in the regular expression; -1 for a path rule, or for a problem
   * of the expression as a whole (it nests too deeply), whose message then says so.
   */
  position: number;
  /** The pattern ends too early (an unterminated group or class): `position` is its length. */
  atEnd: boolean;
  message: string;
}

/** A rule's compiled regular expression. */
export interface RulePattern {
  /** True when the expression matches somewhere in `path` (unanchored, as File Browser). */
  test(path: string): boolean;
}

/**
 * Compiles a rule's regular expression with RE2 (re2js): Go's regexp syntax, which File
 * Browser's rules use, and matching in time linear in the path's length whatever the pattern
 * (no backtracking, so `(a+)+$` cannot stall the server). Throws when RE2 refuses the pattern;
 * `regexProblem` says why.
 */
export function compileRulePattern(raw: string): RulePattern {
  const re = RE2JS.compile(raw);
  return { test: (path) => re.test(path) };
}

interface PatternError {
  description: string;
  /** The part of the pattern RE2 names, when it names one. */
  fragment: string | null;
}

function syntaxErrorOf(raw: string): PatternError | undefined {
  try {
    RE2JS.compile(raw);
    return undefined;
  } catch (err) {
    if (err instanceof RE2JSSyntaxException) {
      return { description: err.getDescription(), fragment: err.getPattern() };
    }
    if (err instanceof RE2JSException) return { description: err.message, fragment: null };
    throw err;
  }
}

/** Prefixes tried to place an error: enough for any pattern a person writes. */
const MAX_PROBES = 64;

/**
 * Where the error lies. RE2 names the offending text, not its place: the place is the first
 * occurrence of that text whose prefix of the pattern already fails the same way (RE2 reads
 * left to right, so an earlier occurrence that parses is not it).
 */
function locate(raw: string, error: PatternError): { position: number; atEnd: boolean } {
  const { description, fragment } = error;
  const sameAt = (end: number, expected: string | null) => {
    const found = syntaxErrorOf(raw.slice(0, end));
    return found?.description === description && (expected === null || found.fragment === expected);
  };
  if (description.startsWith("missing closing") || description.startsWith("trailing backslash")) {
    return { position: raw.length, atEnd: true };
  }
  if (description === "unexpected )") {
    // RE2 names the whole pattern: the place is the first ")" that closes nothing.
    let probes = 0;
    for (let i = raw.indexOf(")"); i >= 0 && probes < MAX_PROBES; i = raw.indexOf(")", i + 1)) {
      probes += 1;
      if (sameAt(i + 1, null)) return { position: i, atEnd: false };
    }
    return { position: Math.max(0, raw.lastIndexOf(")")), atEnd: false };
  }
  if (fragment === null || fragment === "") return { position: -1, atEnd: false };
  const first = raw.indexOf(fragment);
  let probes = 0;
  for (let i = first; i >= 0 && probes < MAX_PROBES; i = raw.indexOf(fragment, i + 1)) {
    probes += 1;
    if (sameAt(i + fragment.length, fragment)) return { position: i, atEnd: false };
  }
  return { position: Math.max(0, first), atEnd: false };
}

const SHOWN_FRAGMENT = 40;

/** RE2's reason, in words that name what is not supported where RE2 is terse. */
function explain({ description, fragment }: PatternError, raw: string): string {
  const text = fragment ?? "";
  if (/^\\[1-9]/.test(text) || text === "\\k") {
    return `back-references such as \\1 or \\k<name> are not supported (${text})`;
  }
  if (text.startsWith("(?=") || text.startsWith("(?!")) {
    return `lookahead (?=…) and (?!…) is not supported`;
  }
  if (text.startsWith("(?<=") || text.startsWith("(?<!")) {
    return `lookbehind (?<=…) and (?<!…) is not supported`;
  }
  if (text === "" || text === raw || text.length > SHOWN_FRAGMENT) return description;
  // An unclosed class is named from its "[" to the end: the place says enough.
  if (description.startsWith("missing closing")) return description;
  return `${description} ${text}`;
}

/**
 * Checks one regular expression as the rules engine reads it (RE2, Go's syntax: see
 * `compileRulePattern`); undefined when it is valid, else the position and the reason of the
 * error. Accepts exactly what the engine accepts, since it asks the engine.
 */
export function regexProblem(
  raw: string,
): { position: number; atEnd: boolean; message: string } | undefined {
  const error = syntaxErrorOf(raw);
  if (!error) return undefined;
  return { ...locate(raw, error), message: explain(error, raw) };
}

/**
 * The first rule that cannot be saved (API.md Part A §15): an invalid regular expression, or a
 * path rule whose path is empty or not "/"-rooted.
 */
export function firstRuleProblem(rules: readonly Rule[]): RuleProblem | undefined {
  for (const [i, rule] of rules.entries()) {
    if (rule.regex) {
      const problem = regexProblem(rule.regexp.raw);
      if (!problem) continue;
      const message =
        problem.position < 0 ? `invalid regular expression: ${problem.message}` : problem.message;
      return { rule: i, ...problem, message };
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
