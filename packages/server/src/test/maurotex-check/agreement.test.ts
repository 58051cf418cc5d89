// `checkMauroTex` (the live checker and `scriptorium check`) and the stand-in compilers read
// the compilers' grammar independently; on every fixture and on copies with one error put in,
// they must report the same first error at the same line, and the same warnings.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { checkMauroTex } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, runStandin } from "../maurotex-standin/run-standin.js";
import { mutations } from "./mutations.js";

const BIN = fileURLToPath(new URL("../../../bin/scriptorium.js", import.meta.url));

interface Case {
  file: string;
  text: string;
}

/** `ERRORE:` then `file:LINE: message`, as the compilers (and the stand-in) print errors. */
function errorsOf(stderr: string, file: string): string[] {
  const lines = stderr.split("\n");
  const out: string[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1] ?? "";
    if (line === "ERRORE:" && next.startsWith(`${file}:`)) out.push(next.slice(file.length + 1));
  });
  return out;
}

/** `file:LINE: message` lines of stdout (the stand-in's own "no base text" warning left out). */
function warningsOf(stdout: string, file: string): string[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith(`${file}:`) && !l.includes("senza lezione del testo base"))
    .map((l) => l.slice(file.length + 1));
}

function checker(text: string) {
  const { findings } = checkMauroTex(text);
  const show = (severity: string) =>
    findings.filter((f) => f.severity === severity).map((f) => `${f.line}: ${f.message}`);
  return { errors: show("error"), warnings: show("warning") };
}

let dir: string;
const cases: Case[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "maurotex-agreement-"));
  for (const name of (await readdir(FIXTURES)).filter((n) => n.endsWith(".tex")).sort()) {
    const text = await readFile(path.join(FIXTURES, name), "utf8");
    const stem = name.slice(0, -4);
    cases.push({ file: name, text });
    for (const m of mutations(text)) {
      cases.push({ file: `${stem}--${m.name.replace("@", "-")}.tex`, text: m.text });
    }
  }
  for (const c of cases) await writeFile(path.join(dir, c.file), c.text, "utf8");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the checker and the stand-in compilers agree", () => {
  it("on every fixture: nothing but warnings, and the same ones", () => {
    const fixtures = cases.filter((c) => !c.file.includes("--"));
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    for (const c of fixtures) {
      const standin = runStandin("m2lv", ["-v", c.file], dir);
      expect(errorsOf(standin.stderr, c.file), c.file).toEqual([]);
      expect(checker(c.text).errors, c.file).toEqual([]);
      expect(checker(c.text).warnings, c.file).toEqual(warningsOf(standin.stdout, c.file));
    }
  });

  it("on every copy with one error put in: the same first error, at the same line", () => {
    const mutated = cases.filter((c) => c.file.includes("--"));
    const kinds = new Set(mutated.map((c) => c.file.split("--")[1]!.replace(/-\d+\.tex$/, "")));
    expect([...kinds].sort()).toEqual([
      "argument-missing",
      "brace-added",
      "brace-removed",
      "macro-misspelt",
      "open-brace-removed",
      "reading-colon",
      "siglum-undeclared",
    ]);
    let withErrors = 0;
    mutated.forEach((c, i) => {
      const tool = i % 2 === 0 ? "m2lv" : "m2hv";
      const standin = runStandin(tool, ["-v", c.file], dir);
      const theirs = errorsOf(standin.stderr, c.file);
      const ours = checker(c.text);
      expect(ours.errors[0], `${tool} ${c.file}`).toBe(theirs[0]);
      // The checker leaves out the compilers' "un documento deve iniziare con \htmlcut" after
      // an error elsewhere; everything else it says, the stand-in says too.
      for (const e of ours.errors) expect(theirs, c.file).toContain(e);
      expect(ours.warnings, c.file).toEqual(warningsOf(standin.stdout, c.file));
      if (theirs.length > 0) withErrors++;
    });
    expect(withErrors).toBeGreaterThan(mutated.length / 2);
  }, 300_000);

  it("scriptorium check says the same in one run over every file, and exits 1", async () => {
    const files = cases.map((c) => c.file);
    const result = await promisify(execFile)(process.execPath, [BIN, "check", ...files], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    for (const c of cases) {
      const ours = checker(c.text);
      expect(errorsOf(result.stderr, c.file), c.file).toEqual(ours.errors);
      expect(warningsOf(result.stdout, c.file), c.file).toEqual(ours.warnings);
      if (ours.errors.length > 0) {
        const standin = runStandin("m2lv", [c.file], dir);
        expect(errorsOf(result.stderr, c.file)[0], c.file).toBe(
          errorsOf(standin.stderr, c.file)[0],
        );
      }
    }
    const clean = cases.filter((c) => !c.file.includes("--")).map((c) => c.file);
    const ok = await promisify(execFile)(process.execPath, [BIN, "check", ...clean], { cwd: dir });
    expect(ok.stderr).toBe("");
  }, 300_000);
});
