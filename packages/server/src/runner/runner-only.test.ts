import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const SRC = fileURLToPath(new URL("..", import.meta.url));

/**
 * Programs a user can trigger run only through runner/ (ROADMAP: one runner). The other
 * spawners are the server's own fixed commands or tests.
 */
const ALLOWED = new Set([
  "runner/runner.ts",
  // The runner's look at the machine: bubblewrap's probe, the walk for unreadable system files.
  "runner/machine.ts",
  // The admin's own programs for `scriptorium backup` and `restore` (pg_dump, pg_restore).
  "runner/admin-program.ts",
  // The archive codecs' fixed `bzip2`/`lz4` filters (no argument from a request).
  "lib/workers/process-backend.ts",
]);
const TESTS_ONLY = ["test/", "crash/", "attacks/", "compat/"];

it("no module outside runner/ spawns programs", async () => {
  const offenders: string[] = [];
  for (const name of await readdir(SRC, { recursive: true })) {
    const rel = name.split(path.sep).join("/");
    if (!rel.endsWith(".ts") || rel.endsWith(".test.ts")) continue;
    if (ALLOWED.has(rel) || TESTS_ONLY.some((p) => rel.startsWith(p))) continue;
    const text = await readFile(path.join(SRC, name), "utf8");
    if (/from "(node:)?child_process"|require\("(node:)?child_process"\)/.test(text)) {
      offenders.push(rel);
    }
  }
  expect(offenders).toEqual([]);
});
