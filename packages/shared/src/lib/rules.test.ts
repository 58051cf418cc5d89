import { describe, expect, it } from "vitest";
import type { Rule } from "../schemas/user.js";
import { compileRulePattern, firstRuleProblem, regexProblem, ruleProblemMessage } from "./rules.js";

const regexRule = (raw: string): Rule => ({ allow: false, path: "", regex: true, regexp: { raw } });
const messageOf = (raw: string) => {
  const problem = firstRuleProblem([regexRule(raw)]);
  return problem && ruleProblemMessage(problem);
};

describe("rule regular expressions are RE2 (Go's syntax, as File Browser's)", () => {
  it("accepts Go syntax that JavaScript does not read, and matches it as Go does", () => {
    for (const [raw, path, hit] of [
      ["(?i)\\.SECRET$", "/a/b.secret", true],
      ["\\.tmp\\z", "/x.tmp", true],
      ["\\Aa", "/a", false],
      ["\\Q.bak\\E$", "/xbak", false],
      ["\\Q.bak\\E$", "/x.bak", true],
      ["[[:digit:]]{4}", "/2024/notes", true],
      ["(?P<year>\\d{4})", "/1999", true],
      ["\\pL", "/1", false],
    ] as const) {
      expect(regexProblem(raw), raw).toBeUndefined();
      expect(compileRulePattern(raw).test(path), `${raw} on ${path}`).toBe(hit);
    }
  });

  it("is unanchored: a match anywhere in the path counts", () => {
    expect(compileRulePattern("private").test("/a/private/b")).toBe(true);
    expect(compileRulePattern("^/a$").test("/a/b")).toBe(false);
  });

  it("refuses back-references and lookaround, naming them", () => {
    expect(messageOf("(a)\\1")).toBe(
      "Rule 1: invalid regular expression at character 4: " +
        "back-references such as \\1 or \\k<name> are not supported (\\1)",
    );
    expect(messageOf("x(?=y)")).toBe(
      "Rule 1: invalid regular expression at character 2: lookahead (?=…) and (?!…) is not supported",
    );
    expect(messageOf("^/(?!public)")).toMatch(/at character 3: lookahead/);
    expect(messageOf("(?<=a)b")).toMatch(/at character 1: lookbehind/);
    expect(messageOf("(?<n>a)\\k<n>")).toMatch(/at character 8: back-references/);
  });

  it("places each error at the text RE2 names, or at the end of an unfinished pattern", () => {
    const cases: [string, number, boolean, string][] = [
      ["a(b", 3, true, "missing closing )"],
      ["x[ab", 4, true, "missing closing ]"],
      ["ab\\", 3, true, "trailing backslash at end of expression"],
      ["a)b", 1, false, "unexpected )"],
      ["(a)b)c", 4, false, "unexpected )"],
      ["[**]a**", 5, false, "invalid nested repetition operator **"],
      ["x\\8y", 1, false, "back-references such as \\1 or \\k<name> are not supported (\\8)"],
      ["ab[z-a]", 3, false, "invalid character class range z-a"],
      ["a{1001}", 1, false, "invalid repeat count {1001}"],
      ["a|*", 2, false, "missing argument to repetition operator *"],
      ["*", 0, false, "missing argument to repetition operator"],
      ["\\u0041", 0, false, "invalid escape sequence \\u"],
    ];
    for (const [raw, position, atEnd, message] of cases) {
      expect(regexProblem(raw), raw).toEqual({ position, atEnd, message });
    }
  });

  it("names a problem of the whole expression without a place", () => {
    const deep = "(".repeat(1200) + "a" + ")".repeat(1200);
    expect(messageOf(deep)).toBe("Rule 1: invalid regular expression: expression nests too deeply");
  });

  it("checks path rules too, and counts rules from 1", () => {
    const path = (p: string): Rule => ({
      allow: false,
      path: p,
      regex: false,
      regexp: { raw: "" },
    });
    expect(firstRuleProblem([path("/ok"), regexRule("ok$")])).toBeUndefined();
    const problem = firstRuleProblem([path("/ok"), path("relative")]);
    expect(problem && ruleProblemMessage(problem)).toBe(
      'Rule 2: A path rule needs a path that starts with "/"',
    );
  });
});

describe("matching takes time linear in the path, whatever the pattern", () => {
  // Each of these backtracks for hours in a JavaScript RegExp on such paths; RE2 has no
  // backtracking, so the test only needs to finish.
  const catastrophic = ["(a+)+$", "(a|aa)+$", "(.*a){20}", "(a*)*b", "^(([a-z])+.)+[A-Z]([a-z])+$"];
  for (const raw of catastrophic) {
    it(raw, () => {
      const pattern = compileRulePattern(raw);
      for (const length of [40, 10_000]) {
        const path = `/${"a".repeat(length)}!`;
        expect(typeof pattern.test(path)).toBe("boolean");
      }
    });
  }
});
