/**
 * The live Mauro-TeX checker (issue 30): one full check of a 5,000-line document built from the
 * fixtures (their bodies repeated, labels made unique so that the document stays valid), as the
 * editor's worker runs it after a keystroke. Median of many checks after a warm-up, and the
 * first (cold) one.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { checkMauroTex } from "@scriptorium/shared";
import { fmtMs, log, median, type Row } from "../lib/common.ts";

const FIXTURES = fileURLToPath(
  new URL("../../../../../shared/fixtures/maurotex/", import.meta.url),
);
const LINES = 5000;
const CHECKS = 40;

/** A valid 5,000-line Mauro-TeX document from the fixtures' bodies. */
export async function bigDocument(): Promise<string> {
  const bodies: string[] = [];
  for (const name of (await readdir(FIXTURES)).filter((n) => n.endsWith(".tex")).sort()) {
    const text = await readFile(path.join(FIXTURES, name), "utf8");
    const start = text.indexOf("\\htmlcut") + "\\htmlcut".length;
    bodies.push(text.slice(start, text.indexOf("\\end{document}")));
  }
  const head =
    "\\documentclass{book}\n\\usepackage{mauro}\n\\ElencoTestimoni{1/A/A+/B/C/Bas/G/L/L2/N/N2}\n" +
    "\\begin{document}\n\\htmlcut\n";
  const parts = [head];
  let lines = head.split("\n").length;
  for (let copy = 0; lines < LINES; copy++) {
    // Labels (`\Unit[x]`, `\LB{x}`, `\Citlonga{{x}…}`) must be unique in a document.
    const body = bodies[copy % bodies.length]!.replace(
      /(\\Unit\[|\\LB\{|\\Citlonga\{\{)([^\]}]+)/g,
      (_m, macro: string, label: string) => `${macro}${label}-${copy}`,
    );
    parts.push(body);
    lines += body.split("\n").length - 1;
  }
  parts.push("\\end{document}\n");
  return parts.join("");
}

export async function checker(): Promise<Row[]> {
  const text = await bigDocument();
  const lineCount = text.split("\n").length;
  let start = performance.now();
  const first = checkMauroTex(text);
  const cold = performance.now() - start;
  const errors = first.findings.filter((f) => f.severity === "error");
  if (errors.length > 0)
    throw new Error(`the bench document has errors: ${JSON.stringify(errors[0])}`);
  for (let i = 0; i < 5; i++) checkMauroTex(text);
  const times: number[] = [];
  for (let i = 0; i < CHECKS; i++) {
    start = performance.now();
    checkMauroTex(text);
    times.push(performance.now() - start);
  }
  const ms = median(times);
  log(
    `checker: ${lineCount} lines, ${first.outline.length} outline entries; ${fmtMs(ms)} a check (first ${fmtMs(cold)})`,
  );
  return [
    {
      figure: `Live checker: one full check of a ${lineCount}-line Mauro-TeX document`,
      ours: `${fmtMs(ms)} (median of ${CHECKS} checks; first ${fmtMs(cold)})`,
      baseline: "—",
      ratio: null,
      goal: "≤ 50 ms",
      met: ms <= 50,
    },
  ];
}
