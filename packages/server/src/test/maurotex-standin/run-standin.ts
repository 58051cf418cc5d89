import { spawnSync } from "node:child_process";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of the stand-in compilers: put it on PATH or in a tool configuration. */
export const STANDIN_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The Mauro-TeX fixtures of the shared folder. */
export const FIXTURES = fileURLToPath(
  new URL("../../../../../../shared/fixtures/maurotex/", import.meta.url),
);

/** The Node the stand-ins run with in the sandbox (Debian's, not the npm-pinned one). */
export const SYSTEM_NODE = "/usr/bin/node";

export type StandinTool = "m2hv" | "m2lv" | "m2ledmac";

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a stand-in with argv in `cwd`, as the runner would (argv only, no shell). */
export function runStandin(tool: StandinTool, args: string[], cwd: string): RunResult {
  const result = spawnSync(SYSTEM_NODE, [path.join(STANDIN_DIR, tool), ...args], {
    cwd,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh temp folder holding copies of the fixtures; remove it with `cleanup`. */
export async function fixtureDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "maurotex-standin-"));
  for (const name of await readdir(FIXTURES)) {
    if (name.endsWith(".tex")) await copyFile(path.join(FIXTURES, name), path.join(dir, name));
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** True when a program answers on PATH (`which`). */
export function hasProgram(name: string): boolean {
  return spawnSync("which", [name], { encoding: "utf8" }).status === 0;
}
