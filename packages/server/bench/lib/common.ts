/**
 * What every figure of `npm run bench` shares: medians, free ports, the built `scriptorium`
 * command started in a child process on 127.0.0.1, its RSS, timed commands and the row type.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { closeSync, createWriteStream, openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** One line of the table and of bench-results.json. */
export interface Row {
  figure: string;
  /** Our figure, with its unit. */
  ours: string;
  /** The baseline's figure measured in the same run, with its unit ("—" when there is none). */
  baseline: string;
  /** Ours against the baseline, in the direction the goal is written (null without baseline). */
  ratio: number | null;
  goal: string;
  /** Judged on the ratio (the median of the rounds' ratios for a paired figure) or on ours. */
  met: boolean;
  /**
   * A paired figure's smallest and largest per-round ratio (lib/paired.ts); absent where the
   * figure is not measured in rounds against a baseline.
   */
  spread?: [number, number];
}

export const MiB = 1024 * 1024;
export const HOST = "127.0.0.1";
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * Rounds of the figures whose rounds spread widely (the upload, the save with versions, the
 * WebDAV GET and PROPFIND, PostgreSQL's name search): the median of three moved them across
 * their goals from one run to the next.
 */
export const NOISY_RUNS = Math.max(RUNS, 7);
export const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));

export const log = (line: string) => process.stderr.write(`${line}\n`);
export const mib = (bytes: number) => bytes / MiB;
export const fmtMs = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
export const fmtRate = (bytes: number, ms: number) =>
  `${(mib(bytes) / (ms / 1000)).toFixed(0)} MiB/s`;
export const round2 = (n: number) => Math.round(n * 100) / 100;

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `fn` once to warm up, then `runs` times; the median of the timed runs, in ms. */
export async function timedMedian(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, HOST, () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

export interface Server {
  child: ChildProcess;
  base: string;
  /** The first admin's password, printed at the first start (empty on later starts). */
  password: string;
  stop(): Promise<void>;
}

/** Every child still running; killed by the runner on exit. */
export const children = new Set<ChildProcess>();

/**
 * Synchronous steps the runner takes on exit, also on Ctrl+C, for what is not a child it can
 * kill (a PostgreSQL cluster started by `pg_ctl`, nginx and its workers); a figure removes its
 * own once done.
 */
export const cleanups = new Set<() => void>();

/** Where a server keeps its files and state: by default `work`/files and `work`/bench.db. */
export interface ServerPlace {
  root?: string;
  /** A database file or a `postgres://` URL. */
  database?: string;
  /** `--data` (needed with PostgreSQL). */
  data?: string;
}

/** Starts the built command on a free port of 127.0.0.1 with `work`/files and `work`/bench.db. */
export async function startServer(
  work: string,
  extraEnv: NodeJS.ProcessEnv = {},
  place: ServerPlace = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      BIN,
      "-r",
      place.root ?? path.join(work, "files"),
      "-d",
      place.database ?? path.join(work, "bench.db"),
      ...(place.data ? ["--data", place.data] : []),
      "-a",
      HOST,
      "-p",
      String(port),
    ],
    { env: { ...process.env, ...extraEnv } },
  );
  children.add(child);
  child.once("exit", () => children.delete(child));
  let out = "";
  const onData = (c: Buffer) => {
    out += c.toString();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const password = await new Promise<string>((resolve, reject) => {
    const check = () => {
      if (out.includes("listening on")) resolve(/password (\S{16}) /.exec(out)?.[1] ?? "");
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  // From here on the server's log is read and dropped: kept, it grew by every request of the
  // load figures, in this process that shares the cores with the load tools. BENCH_SERVER_LOGS
  // (a folder) keeps each server's log in a file there instead, to see why a figure failed.
  const logs = process.env.BENCH_SERVER_LOGS;
  const file = logs ? createWriteStream(path.join(logs, `server-${port}.log`)) : undefined;
  file?.write(out);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.removeAllListeners("data");
    if (file) stream?.pipe(file, { end: false });
    else stream?.resume();
  }
  return {
    child,
    base: `http://${HOST}:${port}`,
    password,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.text();
}

/** VmRSS of a process, in bytes. */
export async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS every 100 ms until stopped. */
export function sampleRss(pid: number): { stop: () => Promise<number[]> } {
  const samples: number[] = [];
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(async () => {
      samples.push(await rss(pid).catch(() => 0));
    });
  }, 100);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return samples;
    },
  };
}

/** Runs a command to the end (stdout to a file or nowhere); its wall time in ms. */
export function timedCommand(
  command: string,
  args: string[],
  opts: { stdoutTo?: string; cwd?: string } = {},
): number {
  const fd = opts.stdoutTo ? openSync(opts.stdoutTo, "w") : undefined;
  try {
    const start = performance.now();
    const run = spawnSync(command, args, {
      stdio: ["ignore", fd ?? "ignore", "pipe"],
      maxBuffer: 1 << 20,
      cwd: opts.cwd,
    });
    const ms = performance.now() - start;
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr.toString()}`);
    return ms;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Runs a program to its end without blocking this process (which may be sampling meanwhile);
 * throws with its standard error when it exits with another code than 0.
 */
export async function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  children.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  children.delete(child);
  if (code !== 0) throw new Error(`${command} ${args[0]}: exit ${code} ${stderr}`);
}

/** Runs a program until it prints "listening"; the caller stops it with `stopChild`. */
export async function startListening(command: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes("listening")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${command} exited ${code}: ${out}`)));
  });
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** A script of bench/baselines, run on this Node. */
export const baselineScript = (name: string) =>
  fileURLToPath(new URL(`../baselines/${name}`, import.meta.url));

/**
 * Waits until the search index has read the new folder: its first walk reads every text file
 * and would otherwise run during the timed downloads.
 */
export async function searchIndexReady(base: string, token: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/search/?query=zzzz`, { headers: { "X-Auth": token } });
    await res.arrayBuffer();
    if (res.headers.get("x-search-index") === "ready") return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** CPU time a process has used so far, in clock ticks (user + system, /proc/PID/stat). */
export async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** The whole machine's clock ticks so far, all cores: busy (not idle nor waiting on I/O), total. */
export async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const ticks = line.split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** Writes, discards and flushes every disk has done so far, and its requests in flight. */
async function diskActivity(): Promise<number> {
  let sum = 0;
  for (const line of (await readFile("/proc/diskstats", "utf8")).split("\n")) {
    const f = line.trim().split(/\s+/);
    if (f.length < 14 || /^(loop|ram|zram)/.test(f[2]!)) continue;
    // writes completed, I/Os in progress, discards completed, flushes completed
    sum += Number(f[7]) + Number(f[11]) + Number(f[14] ?? 0) + Number(f[18] ?? 0);
  }
  return sum;
}

/**
 * Before a figure: `sync`, then waits until the disks have done nothing and the cores have been
 * nine tenths idle for QUIET_MS in a row (at most `limitMs`), so that a figure does not pay for the
 * write-back, the discards of deleted trees (the root file system is mounted with `discard`) or
 * the leftover work of the figure before it. Returns the time it waited, in ms.
 */
const QUIET_MS = 6000;
export async function settleMachine(limitMs = 120_000): Promise<number> {
  const start = performance.now();
  spawnSync("sync");
  let quietSince = performance.now();
  let disk = await diskActivity();
  let cpu = await machineTicks();
  while (performance.now() - start < limitMs) {
    await new Promise((r) => setTimeout(r, 500));
    const [nowDisk, nowCpu] = [await diskActivity(), await machineTicks()];
    const busy = (nowCpu.busy - cpu.busy) / Math.max(1, nowCpu.total - cpu.total);
    if (nowDisk !== disk || busy > 0.1) quietSince = performance.now();
    [disk, cpu] = [nowDisk, nowCpu];
    if (performance.now() - quietSince >= QUIET_MS) return performance.now() - start;
  }
  log(`bench: the machine was still busy after ${limitMs / 1000} s`);
  return performance.now() - start;
}

/**
 * Waits until a process is at rest: under 3% of a core over a second (background work such as
 * the search index reading the words of new files has ended), at most `limitMs`.
 */
export async function waitQuiet(pid: number, limitMs = 300_000): Promise<void> {
  const end = Date.now() + limitMs;
  let last = await cpuTicks(pid);
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await cpuTicks(pid);
    if (now - last <= 3) return;
    last = now;
  }
  log(`process ${pid} still busy after ${limitMs / 1000} s`);
}
