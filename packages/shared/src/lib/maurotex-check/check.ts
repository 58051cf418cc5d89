import type { CheckFinding, CheckResult } from "./types.js";

/**
 * Checks a Mauro-TeX document as the compilers read it. (Contract placeholder: braces only; the
 * full grammar replaces it.)
 */
export function checkMauroTex(text: string): CheckResult {
  const findings: CheckFinding[] = [];
  const open: { line: number; column: number; from: number }[] = [];
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      lineStart = i + 1;
    } else if (c === "\\") i++;
    else if (c === "%") {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else if (c === "{") open.push({ line, column: i - lineStart + 1, from: i });
    else if (c === "}" && open.pop() === undefined) {
      findings.push({
        line,
        column: i - lineStart + 1,
        from: i,
        to: i + 1,
        message: "parentesi graffa chiusa senza apertura",
        severity: "error",
        code: "brace-stray",
      });
    }
  }
  for (const o of open) {
    findings.push({
      ...o,
      to: o.from + 1,
      message: "parentesi graffa aperta e mai chiusa",
      severity: "error",
      code: "brace-unclosed",
    });
  }
  findings.sort((a, b) => a.from - b.from);
  return { findings, outline: [], sigla: [] };
}
