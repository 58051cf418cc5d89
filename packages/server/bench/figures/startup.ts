/**
 * Cold start: from spawning the built command (its database already made by a first start) to
 * the first 200 of `/health`, against `node -e ""` (Node's own start and exit), medians of 7.
 * Then the server's RSS at rest: started again, one login and one listing, then left alone.
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
  round2,
  rss,
  startListening,
  startServer,
  stopChild,
  type Row,
} from "../lib/common.ts";

const STARTS = 7;

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

/** RSS (median of 5 samples, 3 s after a login and a listing of the empty files folder). */
async function idleRss(work: string, password: string): Promise<number> {
  const server = await startServer(work);
  try {
    const token = await login(server.base, "admin", password);
    const res = await fetch(`${server.base}/api/resources/`, { headers: { "X-Auth": token } });
    if (!res.ok) throw new Error(`listing failed: ${res.status}`);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 3000));
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
    await new Promise((r) => setTimeout(r, 3000));
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
  log(`start-up: ${STARTS} cold starts and ${STARTS} of node -e…`);
  const ours: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    ours.push(await oneStart(work));
    floor.push(await nodeStart());
  }
  const o = median(ours);
  const f = median(floor);
  log("start-up: the server's memory at rest, and a bare Fastify server's…");
  const idle = await idleRss(work, first.password);
  const bareIdle = await bareFastifyRss(work);
  return [
    {
      figure: "Server RSS, idle (after a login and a listing)",
      ours: `${mib(idle).toFixed(0)} MiB`,
      baseline: `${mib(bareIdle).toFixed(0)} MiB (bare Fastify route, after 5 requests)`,
      ratio: round2(idle / bareIdle),
      goal: "≤ 80 MiB",
      met: mib(idle) <= 80,
    },
    {
      figure: "Cold start to the first /health answer",
      ours: fmtMs(o),
      baseline: `${fmtMs(f)} (node -e "")`,
      ratio: round2(o / f),
      goal: "≤ Node's start + 300 ms",
      met: o - f <= 300,
    },
  ];
}
