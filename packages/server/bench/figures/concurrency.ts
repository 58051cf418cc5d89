/**
 * 50 concurrent clients listing a folder of 1,000 files for a few seconds, loaded by `wrk`,
 * against two peers of the same folder: a bare Fastify route doing `readdir` + `stat` on every
 * request (what a server without a cache does), and the same route with its own cache of
 * unchanged folders (the fair peer for ours, which answers from a cache too). The three servers
 * are up at once and each round loads each in turn, the first changing every round; the ratios
 * are the medians of the rounds' ratios.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  baselineScript,
  freePort,
  HOST,
  log,
  login,
  RUNS,
  startListening,
  startServer,
  stopChild,
  type Row,
} from "../lib/common.ts";
import { load, type LoadResult } from "../lib/load.ts";
import { pairRounds } from "../lib/paired.ts";

const FILES = 1000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);

async function bareRoute(script: string, folder: string) {
  const port = await freePort();
  const child = await startListening(process.execPath, [
    baselineScript(script),
    folder,
    String(port),
  ]);
  return { child, url: `http://${HOST}:${port}/list` };
}

export async function concurrency(work: string, tools: Record<string, string>): Promise<Row[]> {
  const folder = path.join(work, "files", "thousand");
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    await writeFile(path.join(folder, `f${String(i).padStart(4, "0")}.tex`), `\\section{${i}}\n`);
  }

  const server = await startServer(work);
  const bare = await bareRoute("fastify-listing.ts", folder);
  const cached = await bareRoute("fastify-listing-cached.ts", folder);
  const results = {
    ours: [] as LoadResult[],
    bare: [] as LoadResult[],
    cached: [] as LoadResult[],
  };
  try {
    const token = await login(server.base, "admin", server.password);
    const sides = {
      ours: { url: `${server.base}/api/resources/thousand/`, headers: { "X-Auth": token } },
      bare: { url: bare.url, headers: {} },
      cached: { url: cached.url, headers: {} },
    };
    const names = ["ours", "bare", "cached"] as const;
    const run = (name: (typeof names)[number]) =>
      load(tools.wrk!, sides[name].url, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: sides[name].headers,
      });
    log(
      `concurrency: ${CONNECTIONS} clients, ${SECONDS} s on each server, a warm-up and ${RUNS} rounds…`,
    );
    for (const name of names) await run(name);
    for (let round = 0; round < RUNS; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        results[name].push(await run(name));
      }
    }
  } finally {
    await server.stop();
    await stopChild(bare.child);
    await stopChild(cached.child);
  }

  const rate = (r: LoadResult[]) => r.map((x) => x.perSecond);
  const p99 = (r: LoadResult[]) => r.map((x) => x.p99);
  const vsBare = pairRounds(rate(results.ours), rate(results.bare));
  const vsCached = pairRounds(rate(results.ours), rate(results.cached));
  const tails = pairRounds(p99(results.ours), p99(results.cached));
  const tailsBare = pairRounds(p99(results.ours), p99(results.bare));
  const oursP99 = p99(results.ours);
  const what = `${CONNECTIONS} clients listing a ${FILES.toLocaleString("en")}-file folder`;
  return [
    {
      figure: `${what}: requests/s`,
      ours: `${vsBare.ours.toFixed(0)} req/s`,
      baseline: `${vsBare.baseline.toFixed(0)} req/s (bare Fastify readdir+stat)`,
      ratio: vsBare.ratio,
      spread: vsBare.spread,
      goal: "≥ 5×",
      met: vsBare.ratio >= 5,
    },
    {
      figure: `${what}: requests/s against a cache`,
      ours: `${vsCached.ours.toFixed(0)} req/s (sessions, rules, scope checked)`,
      baseline: `${vsCached.baseline.toFixed(0)} req/s (the bare route with its own cache)`,
      ratio: vsCached.ratio,
      spread: vsCached.spread,
      goal: "≥ 0.5× the cached route's",
      met: vsCached.ratio >= 0.5,
    },
    {
      figure: `${what}: p99`,
      ours: `${tails.ours.toFixed(1)} ms (rounds ${Math.min(...oursP99).toFixed(1)}–${Math.max(...oursP99).toFixed(1)})`,
      baseline: `${tails.baseline.toFixed(1)} ms (cached route); ${tailsBare.baseline.toFixed(1)} ms (bare)`,
      ratio: tails.ratio,
      spread: tails.spread,
      goal: "p99 ≤ 50 ms",
      met: tails.ours <= 50,
    },
  ];
}
