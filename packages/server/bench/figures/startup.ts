/**
 * Cold start: from spawning the built command (its database already made by a first start) to
 * the first 200 of `/health`, against `node -e ""` (Node's own start and exit), in alternating
 * rounds (lib/paired.ts); the goal is on the median of the rounds' differences. Then the
 * server's RSS at rest (started again, one login and one listing, then left alone) against a
 * bare Fastify route's, each started afresh in every round, alternating too.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  BIN,
  children,
  fmtMs,
  freePort,
  HOST,
  log,
  login,
  median,
  mib,
  rss,
  startListening,
  startServer,
  stopChild,
  type Row,
} from "../lib/common.ts";
import { paired } from "../lib/paired.ts";

/** Cold starts of each side: starts are short, so more rounds than the other figures. */
const STARTS = 9;
/** Idle RSS rounds: each a fresh start of both, ~13 s a side. */
const RSS_ROUNDS = 5;
/** The cold start's goal: at most Node's own start plus this (ms). */
const START_GOAL_MS = 150;
/**
 * How long each server is left alone before its RSS is read: the server gives its heap's
 * unused pages back after 10 s without requests (src/http/idle-memory.ts), and the pages go
 * back on a background thread, later on a busy machine.
 */
const REST_MS = 13_000;
/** The idle RSS goal: at most this times the bare Fastify route's. */
const RSS_GOAL = 1.2;

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: HOST, port, path: "/health" }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.end();
  });
}

async function oneStart(work: string): Promise<number> {
  const port = await freePort();
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [
      BIN,
      "-r",
      path.join(work, "files"),
      "-d",
      path.join(work, "bench.db"),
      "-a",
      HOST,
      "-p",
      String(port),
    ],
    { stdio: "ignore" },
  );
  children.add(child);
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    return performance.now() - start;
  } finally {
    await stopChild(child);
    children.delete(child);
  }
}

async function nodeStart(): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return performance.now() - start;
}

/** RSS (median of 5 samples, REST_MS after a login and a listing of the empty files folder). */
async function idleRss(work: string, password: string): Promise<number> {
  const server = await startServer(work);
  try {
    const token = await login(server.base, "admin", password);
    const res = await fetch(`${server.base}/api/resources/`, { headers: { "X-Auth": token } });
    if (!res.ok) throw new Error(`listing failed: ${res.status}`);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, REST_MS));
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(await rss(server.child.pid!));
      await new Promise((r) => setTimeout(r, 200));
    }
    return median(samples);
  } finally {
    await server.stop();
  }
}

/**
 * The same for a bare Fastify route listing a folder (Node + Fastify + a route), written in
 * JavaScript: a `.ts` baseline would count Node's TypeScript stripper in its memory.
 */
async function bareFastifyRss(work: string): Promise<number> {
  const port = await freePort();
  const code = `
    const { readdir, stat } = require("node:fs/promises");
    const path = require("node:path");
    const folder = ${JSON.stringify(path.join(work, "files"))};
    const app = require("fastify")({ logger: false });
    app.get("/list", async () => {
      const names = await readdir(folder);
      return Promise.all(names.map(async (name) => ({ name, size: (await stat(path.join(folder, name))).size })));
    });
    app.listen({ port: ${port}, host: ${JSON.stringify(HOST)} }).then(() => console.log("listening"));`;
  const bare = await startListening(process.execPath, ["-e", code]);
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`http://${HOST}:${port}/list`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, REST_MS));
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(await rss(bare.pid!));
      await new Promise((r) => setTimeout(r, 200));
    }
    return median(samples);
  } finally {
    await stopChild(bare);
  }
}

export async function startup(work: string): Promise<Row[]> {
  log("start-up: a first start makes the database…");
  const first = await startServer(work);
  await first.stop();
  log(`start-up: ${STARTS} rounds of a cold start and node -e…`);
  // One untimed run of each first: V8's compile cache of the command is written by it.
  const starts = await paired(() => oneStart(work), nodeStart, { rounds: STARTS });
  const differences = starts.oursRounds.map((o, i) => o - starts.baselineRounds[i]!);
  const beyond = median(differences);
  log("start-up: rounds of the server's memory at rest and a bare Fastify server's…");
  const memory = await paired(
    () => idleRss(work, first.password),
    () => bareFastifyRss(work),
    { rounds: RSS_ROUNDS, warmUp: false },
  );
  return [
    {
      figure: "Server RSS, idle (after a login and a listing)",
      ours: `${mib(memory.ours).toFixed(0)} MiB`,
      baseline: `${mib(memory.baseline).toFixed(0)} MiB (bare Fastify route, after 5 requests)`,
      ratio: memory.ratio,
      spread: memory.spread,
      goal: `≤ ${RSS_GOAL}× the bare route's`,
      met: memory.ratio <= RSS_GOAL,
    },
    {
      figure: "Cold start to the first /health answer",
      ours: `${fmtMs(starts.ours)} (Node + ${fmtMs(beyond)}, rounds ${fmtMs(Math.min(...differences))}–${fmtMs(Math.max(...differences))})`,
      baseline: `${fmtMs(starts.baseline)} (node -e "")`,
      ratio: starts.ratio,
      spread: starts.spread,
      goal: `≤ Node's start + ${START_GOAL_MS} ms (median of the rounds' differences)`,
      met: beyond <= START_GOAL_MS,
    },
  ];
}
