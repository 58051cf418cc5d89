import type { Rule } from "@scriptorium/shared";

interface CompiledRule {
  allow: boolean;
  matches: (path: string) => boolean;
}

function compile(rule: Rule): CompiledRule {
  if (rule.regex) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(rule.regexp.raw);
    } catch {
      // Rules are validated on save; an invalid stored one never matches.
    }
    return { allow: rule.allow, matches: (p) => re?.test(p) ?? false };
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
 * paths: the last matching rule wins; the default is allow.
 */
export function createRuleChecker(globalRules: readonly Rule[], userRules: readonly Rule[]) {
  const rules = [...globalRules, ...userRules].map(compile);
  return (path: string): boolean => {
    let allowed = true;
    for (const rule of rules) if (rule.matches(path)) allowed = rule.allow;
    return allowed;
  };
}
