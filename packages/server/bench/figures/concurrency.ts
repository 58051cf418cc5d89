/**
 * 50 concurrent clients listing a folder of 1,000 files for a few seconds, against a bare
 * Fastify route doing `readdir` + `stat` of the same folder, both loaded by `wrk`; medians of the
 * runs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  baselineScript,
  freePort,
  HOST,
  log,
  login,
  median,
  round2,
  RUNS,
  startListening,
  startServer,
  stopChild,
  type Row,
} from "../lib/common.ts";
import { load, type LoadResult } from "../lib/load.ts";

const FILES = 1000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);

async function runs(fn: () => Promise<LoadResult>): Promise<{ perSecond: number; p99: number }> {
  await fn(); // warm-up
  const results: LoadResult[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await fn());
  return {
    perSecond: median(results.map((r) => r.perSecond)),
    p99: median(results.map((r) => r.p99)),
  };
}

export async function concurrency(work: string, tools: Record<string, string>): Promise<Row[]> {
  const folder = path.join(work, "files", "thousand");
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    await writeFile(path.join(folder, `f${String(i).padStart(4, "0")}.tex`), `\\section{${i}}\n`);
  }

  log(`concurrency: ${CONNECTIONS} clients on the server, ${SECONDS} s × ${RUNS + 1}…`);
  const server = await startServer(work);
  let ours;
  try {
    const token = await login(server.base, "admin", server.password);
    ours = await runs(() =>
      load(tools.wrk!, `${server.base}/api/resources/thousand/`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { "X-Auth": token },
      }),
    );
  } finally {
    await server.stop();
  }

  log(`concurrency: ${CONNECTIONS} clients on a bare Fastify route…`);
  const port = await freePort();
  const bare = await startListening(process.execPath, [
    baselineScript("fastify-listing.ts"),
    folder,
    String(port),
  ]);
  let floor;
  try {
    floor = await runs(() =>
      load(tools.wrk!, `http://${HOST}:${port}/list`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      }),
    );
  } finally {
    await stopChild(bare);
  }

  const times = ours.perSecond / floor.perSecond;
  return [
    {
      figure: `${CONNECTIONS} clients listing a ${FILES.toLocaleString("en")}-file folder: requests/s`,
      ours: `${ours.perSecond.toFixed(0)} req/s`,
      baseline: `${floor.perSecond.toFixed(0)} req/s (bare Fastify readdir+stat)`,
      ratio: round2(times),
      goal: "≥ 5×",
      met: times >= 5,
    },
    {
      figure: `${CONNECTIONS} clients listing a ${FILES.toLocaleString("en")}-file folder: p99`,
      ours: `${ours.p99.toFixed(1)} ms`,
      baseline: `${floor.p99.toFixed(1)} ms`,
      ratio: round2(ours.p99 / floor.p99),
      goal: "p99 ≤ 50 ms",
      met: ours.p99 <= 50,
    },
  ];
}
