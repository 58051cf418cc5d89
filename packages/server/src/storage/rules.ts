import { compileRulePattern, type Rule, type RulePattern } from "@scriptorium/shared";

interface CompiledRule {
  allow: boolean;
  matches: (path: string) => boolean;
}

/**
 * Compiled patterns by their text: a checker is made for every request, and compiling is the
 * costly part (matching is linear in the path). null for a pattern RE2 refuses.
 */
const patterns = new Map<string, RulePattern | null>();
const MAX_PATTERNS = 500;

function patternOf(raw: string): RulePattern | null {
  let pattern = patterns.get(raw);
  if (pattern === undefined) {
    try {
      pattern = compileRulePattern(raw);
    } catch {
      pattern = null;
    }
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(raw, pattern);
  }
  return pattern;
}

function compile(rule: Rule): CompiledRule {
  if (rule.regex) {
    const pattern = patternOf(rule.regexp.raw);
    // Rules are validated on save, but one stored by an earlier version in JavaScript syntax
    // RE2 does not read (a lookahead, a back-reference) may remain: such a deny rule denies
    // everything until it is fixed, such an allow rule allows nothing. Never fail open.
    if (!pattern) return { allow: rule.allow, matches: () => !rule.allow };
    return { allow: rule.allow, matches: (p) => pattern.test(p) };
  }
  const prefix = rule.path === "/" ? "/" : rule.path.replace(/\/+$/, "");
  return {
    allow: rule.allow,
    // Whole components: "/a" matches "/a" and "/a/b", never "/ab" (API.md Part A §15).
    matches: (p) => prefix === "/" || p === prefix || p.startsWith(prefix + "/"),
  };
}

/**
 * Compiles global rules followed by the user's rules into one predicate on normalised user
 * paths: the last matching rule wins; the default is allow. Regular expressions are RE2 (Go's
 * syntax, as File Browser's rules), matched in time linear in the path whatever the pattern.
 */
export function createRuleChecker(globalRules: readonly Rule[], userRules: readonly Rule[]) {
  const rules = [...globalRules, ...userRules].map(compile);
  return (path: string): boolean => {
    let allowed = true;
    for (const rule of rules) if (rule.matches(path)) allowed = rule.allow;
    return allowed;
  };
}
