/**
 * Runs litmus (Debian's, the WebDAV conformance suite) against a URL and reads its output into
 * one result per test. litmus prints each test as `NN. name....... pass|FAIL (why)|SKIPPED`,
 * warnings on their own lines; a suite whose `begin` fails stops there, so the caller compares the
 * tests run with a reference run (Apache's) rather than trusting a pass count.
 */
import { spawn } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { requireTool } from "./apache.js";

/** The groups issue 32 asks for, in litmus's order. */
export const LITMUS_GROUPS = ["basic", "copymove", "props", "locks", "http"] as const;

export interface LitmusTest {
  group: string;
  /** `group/NN.name`: litmus repeats names (props' `propget`), the number makes them unique. */
  id: string;
  name: string;
  result: "pass" | "fail" | "skipped" | "unknown";
  /** litmus's message for a failure or a skip, and its warnings. */
  message: string;
  warnings: string[];
}

export interface LitmusRun {
  tests: LitmusTest[];
  output: string;
  exitCode: number | null;
  /** Where litmus's debug.log (the HTTP traces) was kept, when a test failed. */
  debugLog?: string;
}

const HEADING = /(?:^|\s)(\d{1,3})\. ([A-Za-z0-9_]+)(?:\.+ | )/gm;
const RESULT = /^(pass|FAIL|SKIPPED)\b/;
const CONTINUED = /\n\s*\.{3,} (pass|FAIL|SKIPPED)\b/;

/** Reads litmus's output (of one or more groups) into its tests. */
export function parseLitmus(output: string): LitmusTest[] {
  const tests: LitmusTest[] = [];
  const parts = output.split(/^-> running `([a-z]+)':$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const group = parts[i]!;
    const body = (parts[i + 1] ?? "").split(/^<- summary/m)[0]!;
    const marks = [...body.matchAll(HEADING)];
    const seen = new Map<string, LitmusTest>();
    marks.forEach((mark, k) => {
      const id = `${group}/${mark[1]!.padStart(2, "0")}.${mark[2]!}`;
      const end = k + 1 < marks.length ? marks[k + 1]!.index : body.length;
      const text = body.slice(mark.index + mark[0].length, end);
      // Not a tty: litmus prints the heading once before the test and again with its result.
      let test = seen.get(id);
      if (!test) {
        test = { group, id, name: mark[2]!, result: "unknown", message: "", warnings: [] };
        seen.set(id, test);
        tests.push(test);
      }
      for (const w of text.matchAll(/WARNING: ([^\n]*)/g)) test.warnings.push(w[1]!.trim());
      const direct = RESULT.exec(text.trimStart());
      const continued = CONTINUED.exec(text);
      const word = direct?.[1] ?? continued?.[1];
      if (!word) return;
      const after = direct
        ? text.trimStart().slice(word.length)
        : text.slice(continued!.index + continued![0].length);
      test.result = word === "pass" ? "pass" : word === "FAIL" ? "fail" : "skipped";
      test.message = after
        .replace(/\s+/g, " ")
        .replace(/(?:\s*\.{3,})+\s*$/, "")
        .trim();
    });
  }
  return tests;
}

/**
 * `litmus -k URL USER PASS` with TESTS set to the groups, in a temp working folder (litmus writes
 * debug.log and child.log there). When a test fails, debug.log is kept in the temp folder and
 * its path returned, for the HTTP exchange that failed.
 */
export async function runLitmus(
  url: string,
  credentials: { user: string; password: string },
  groups: readonly string[] = LITMUS_GROUPS,
): Promise<LitmusRun> {
  const litmus = requireTool("litmus");
  const cwd = await mkdtemp(path.join(tmpdir(), "scriptorium-litmus-"));
  try {
    const child = spawn(litmus, ["-k", url, credentials.user, credentials.password], {
      cwd,
      env: { ...process.env, TESTS: groups.join(" "), LANG: "C" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
      child.once("error", reject);
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    const tests = parseLitmus(output);
    const run: LitmusRun = { tests, output, exitCode };
    if (tests.some((t) => t.result !== "pass")) {
      const kept = path.join(tmpdir(), `scriptorium-litmus-debug-${Date.now()}.log`);
      await copyFile(path.join(cwd, "debug.log"), kept).catch(() => undefined);
      run.debugLog = kept;
    }
    return run;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** One line per test that did not pass, for an assertion message. */
export function litmusFailures(tests: readonly LitmusTest[]): string[] {
  return tests
    .filter((t) => t.result !== "pass")
    .map((t) => `${t.id}: ${t.result}${t.message ? ` — ${t.message}` : ""}`);
}
