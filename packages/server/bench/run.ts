/**
 * `npm run bench`: every performance figure of the project, each against its baseline measured
 * on the same machine in the same run (medians of BENCH_RUNS runs, 3 by default). Prints one
 * table and writes the same rows to bench-results.json at the repository root. Runs the built
 * server (packages/server/dist) through its command, on Node's type stripping.
 * BENCH_ONLY=listing,concurrency,download,upload,archives,startup,trash,versions,checker,pdf,compile,
 * save,folder-url,webdav,postgres,search,event-loop
 * runs some figures only.
 * Every temporary file is removed at the end, also on Ctrl+C; a watchdog ends a stuck run.
 */
import { rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { children, cleanups, log, RUNS, settleMachine, type Row } from "./lib/common.ts";
import { fmtRatio } from "./lib/paired.ts";
import { ensureTools } from "./lib/tools.ts";
import { archives } from "./figures/archives.ts";
import { bigFolder } from "./figures/big-folder.ts";
import { checker } from "./figures/checker.ts";
import { compile } from "./figures/compile.ts";
import { folderByUrl } from "./figures/folder-by-url.ts";
import { concurrency } from "./figures/concurrency.ts";
import { download } from "./figures/download.ts";
import { eventLoop } from "./figures/event-loop.ts";
import { nameSearch } from "./figures/name-search.ts";
import { pdfViewer } from "./figures/pdf-viewer.ts";
import { postgres } from "./figures/postgres.ts";
import { save } from "./figures/save.ts";
import { startup } from "./figures/startup.ts";
import { textSearch } from "./figures/text-search.ts";
import { trash } from "./figures/trash.ts";
import { upload } from "./figures/upload.ts";
import { versions } from "./figures/versions.ts";
import { webdav } from "./figures/webdav.ts";

const WATCHDOG_MS = 60 * 60_000;
const RESULTS = fileURLToPath(new URL("../../../bench-results.json", import.meta.url));

const FIGURES: Record<string, (work: string, tools: Record<string, string>) => Promise<Row[]>> = {
  listing: bigFolder,
  concurrency,
  download,
  upload,
  archives,
  startup,
  trash,
  versions,
  checker,
  pdf: pdfViewer,
  compile,
  save,
  "folder-url": folderByUrl,
  webdav,
  postgres,
  // Names first, their million entries removed before the corpus of transcriptions is written.
  search: async (work) => {
    const names = await nameSearch(work);
    rmSync(path.join(work, "names"), { recursive: true, force: true });
    return [...names, ...(await textSearch(path.join(work, "text")))];
  },
  "event-loop": eventLoop,
};

/** The programs each figure runs (its baselines, its client, its browser), by figure. */
const TOOLS: Record<string, string[]> = {
  listing: ["chromium"],
  concurrency: ["wrk"],
  download: ["nginx", "curl"],
  upload: ["curl"],
  archives: ["curl", "tar", "gzip", "pigz", "zip", "unzip", "7zz"],
  pdf: ["pdflatex", "pdftoppm", "chromium"],
  compile: ["pdflatex"],
  save: ["chromium"],
  "folder-url": ["chromium"],
  webdav: ["apache2", "rclone", "curl"],
  postgres: ["initdb", "nginx", "wrk"],
  // find and grep (the search rows' baselines) are in every Debian system.
  search: [],
  "event-loop": ["wrk", "tar", "bzip2"],
};

const works: string[] = [];
function runCleanups(): void {
  for (const step of [...cleanups]) {
    cleanups.delete(step);
    try {
      step();
    } catch (err) {
      log(`bench: cleaning up: ${(err as Error).message}`);
    }
  }
}
function cleanUp(): void {
  runCleanups();
  for (const child of children) child.kill("SIGKILL");
  for (const dir of works.splice(0)) rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
setTimeout(() => {
  log(`bench: still running after ${WATCHDOG_MS / 60_000} min, stopping`);
  cleanUp();
  process.exit(1);
}, WATCHDOG_MS).unref();

function table(rows: readonly Row[]): string {
  const head = ["Figure", "Ours", "Baseline", "Ratio", "Goal", "Met"];
  const cells = rows.map((r) => [
    r.figure,
    r.ours,
    r.baseline,
    fmtRatio(r.ratio, r.spread),
    r.goal,
    r.met ? "yes" : "NO",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((s, i) => s.padEnd(widths[i]!)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(head), rule, ...cells.map(line)].join("\n");
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
  const names = Object.keys(FIGURES).filter((n) => !only || only.includes(n));
  const tools = ensureTools([...new Set(names.flatMap((name) => TOOLS[name] ?? []))]);
  log(`bench: ${names.join(", ")}; medians of ${RUNS} runs`);
  const rows: Row[] = [];
  for (const name of names) {
    const work = await mkdtemp(path.join(tmpdir(), `scriptorium-bench-${name}-`));
    works.push(work);
    const waited = await settleMachine();
    log(`bench: ${name}: the disks and cores were at rest after ${(waited / 1000).toFixed(1)} s`);
    try {
      rows.push(...(await FIGURES[name]!(work, tools)));
    } finally {
      runCleanups();
      for (const child of children) child.kill("SIGKILL");
      rmSync(work, { recursive: true, force: true });
      works.splice(works.indexOf(work), 1);
    }
  }
  process.stdout.write(`${table(rows)}\n`);
  writeFileSync(RESULTS, `${JSON.stringify(rows, null, 2)}\n`);
  const missed = rows.filter((r) => !r.met).length;
  log(`bench: ${rows.length - missed} of ${rows.length} goals met; rows in ${RESULTS}`);
}

try {
  await main();
} finally {
  cleanUp();
}
