/**
 * `npm run soak`: the built `scriptorium` command in a child process on 127.0.0.1 (loopback
 * only), under mixed traffic from SOAK_CLIENTS clients (20) for SOAK_SECONDS (600): listing,
 * uploads (plain POST and tus), downloads (raw and tar.gz), copies and deletions (traffic.ts).
 * It samples the server's RSS (VmRSS) every second and exits 1 on any 5xx, transport error or
 * unexpected status, or when the RSS at the end is more than 10% above the RSS after warm-up
 * (SOAK_WARMUP_SECONDS, by default the first fifth of the run). Everything it made is removed at the end, also on
 * Ctrl+C; a watchdog ends a stuck run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Recorder, runClient } from "./traffic.ts";

const HOST = "127.0.0.1";
const BIN = fileURLToPath(new URL("../bin/scriptorium.js", import.meta.url));
const SECONDS = positive("SOAK_SECONDS", 600);
const CLIENTS = positive("SOAK_CLIENTS", 20);
/** Warm-up: V8 and the allocator grow to their working size in the first minute or two. */
const WARMUP_S = positive("SOAK_WARMUP_SECONDS", Math.max(10, Math.round(SECONDS / 5)));
/** RSS figures are medians over this many one-second samples, so one GC does not decide. */
const WINDOW = 10;
const RSS_GROWTH_LIMIT = 0.1;
const WATCHDOG_MS = (SECONDS + 180) * 1000;
/** A progress line this often: twenty in a run, at most one in 10 s. */
const PROGRESS_S = Math.max(10, Math.round(SECONDS / 20));

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    process.stderr.write(`soak: ${name} must be a positive whole number, not "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

let work: string | undefined;
let server: ChildProcess | undefined;

/** Synchronous, so that it also runs from signal handlers and the watchdog. */
function cleanUp(): void {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  server = undefined;
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
setTimeout(() => {
  process.stderr.write(`soak: still running ${WATCHDOG_MS / 1000} s after the start, stopping\n`);
  cleanUp();
  process.exit(1);
}, WATCHDOG_MS).unref();

const log = (line: string) => process.stdout.write(`${line}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, HOST, () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Starts the built command on 127.0.0.1; resolves with the admin password it prints. */
function startServer(
  dir: string,
  port: number,
): Promise<{ child: ChildProcess; password: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      BIN,
      "-r",
      path.join(dir, "files"),
      "-d",
      path.join(dir, "soak.db"),
      "-a",
      HOST,
      "-p",
      String(port),
    ]);
    let out = "";
    let started = false;
    const onData = (c: Buffer) => {
      // The server logs every request: keep only what comes before it listens.
      if (started) return;
      out += c.toString();
      const password = /password (\S{16}) /.exec(out)?.[1];
      if (!started && out.includes("listening on") && password) {
        started = true;
        resolve({ child, password });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code, signal) => {
      if (!started) reject(new Error(`server exited ${code ?? signal}: ${out}`));
    });
  });
}

/** The files every client reads, and each client's own folder with a seed folder to copy. */
async function makeCorpus(files: string): Promise<void> {
  const texts = path.join(files, "corpus", "texts");
  await mkdir(texts, { recursive: true });
  await writeFile(path.join(files, "corpus", "plate.bin"), randomBytes(1024 * 1024));
  for (let i = 0; i < 40; i++) {
    const line = `\\Unit{${i}} Arma virumque cano, Troiae qui primus ab oris\n`;
    await writeFile(path.join(texts, `cap-${i}.tex`), line.repeat(200));
  }
  for (let c = 0; c < CLIENTS; c++) {
    const seed = path.join(files, `c${c}`, "seed");
    await mkdir(seed, { recursive: true });
    for (let i = 0; i < 5; i++) await writeFile(path.join(seed, `f${i}.txt`), randomBytes(8192));
  }
}

interface Sample {
  /** Seconds since the traffic began. */
  at: number;
  /** VmRSS, and its parts: anonymous memory (heaps) and mapped files (code paged in). */
  rss: number;
  anon: number;
  file: number;
}

/** The memory figures of a process from /proc, in bytes. */
async function sample(pid: number, at: number): Promise<Sample> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => {
    const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    if (!kb) throw new Error(`no ${name} for ${pid}`);
    return Number(kb) * 1024;
  };
  return { at, rss: field("VmRSS"), anon: field("RssAnon"), file: field("RssFile") };
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function printStatuses(rec: Recorder): void {
  log("requests by step and status:");
  for (const [step, counts] of [...rec.statuses].sort(([a], [b]) => a.localeCompare(b))) {
    const parts = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s || "error"}×${n}`);
    log(`  ${step.padEnd(10)} ${parts.join("  ")}`);
  }
  log("operations (ms): count  p50  p95  max");
  for (const [op, ms] of [...rec.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const f = (v: number) => v.toFixed(0).padStart(5);
    log(
      `  ${op.padEnd(7)} ${String(ms.length).padStart(6)} ${f(quantile(ms, 0.5))} ${f(quantile(ms, 0.95))} ${f(Math.max(...ms))}`,
    );
  }
}

async function main(): Promise<number> {
  work = await mkdtemp(path.join(tmpdir(), "scriptorium-soak-"));
  const files = path.join(work, "files");
  await makeCorpus(files);
  const port = await freePort();
  const started = await startServer(work, port);
  server = started.child;
  const pid = server.pid!;
  const base = `http://${HOST}:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: started.password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const token = await login.text();

  log(`soak: ${CLIENTS} clients for ${SECONDS} s on ${base} (warm-up ${WARMUP_S} s)`);
  const rec = new Recorder();
  const samples: Sample[] = [];
  const t0 = Date.now();
  const sampler = setInterval(() => {
    sample(pid, (Date.now() - t0) / 1000).then(
      (s) => samples.push(s),
      () => undefined,
    );
  }, 1000);
  const progress = setInterval(() => {
    const last = samples.at(-1);
    log(
      `  ${Math.round((Date.now() - t0) / 1000)} s: ${rec.requests} requests, RSS ${last ? mib(last.rss) : "?"}, ${rec.failures.length} failures`,
    );
  }, PROGRESS_S * 1000);

  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) => runClient(base, token, c, deadline, rec)),
  );
  clearInterval(progress);
  clearInterval(sampler);
  const elapsed = (Date.now() - t0) / 1000;
  const alive = server.exitCode === null && server.signalCode === null;

  const warm = samples.filter((s) => s.at >= WARMUP_S).slice(0, WINDOW);
  const end = samples.slice(-WINDOW);
  const median = (of: Sample[], key: "rss" | "anon" | "file") =>
    quantile(
      of.map((s) => s[key]),
      0.5,
    );
  const growth = median(end, "rss") / median(warm, "rss") - 1;

  log("");
  printStatuses(rec);
  log(
    `${rec.requests} requests in ${elapsed.toFixed(0)} s (${(rec.requests / elapsed).toFixed(0)}/s)`,
  );
  log(
    `RSS: after warm-up ${mib(median(warm, "rss"))}, at the end ${mib(median(end, "rss"))} ` +
      `(${(growth * 100).toFixed(1)}%), peak ${mib(Math.max(...samples.map((s) => s.rss)))}; ` +
      `limit +${RSS_GROWTH_LIMIT * 100}%`,
  );
  log(
    `  of which anonymous ${mib(median(warm, "anon"))} -> ${mib(median(end, "anon"))}, ` +
      `mapped files ${mib(median(warm, "file"))} -> ${mib(median(end, "file"))}`,
  );
  const problems: string[] = [];
  if (!alive) problems.push("the server died during the run");
  const bad = [...rec.statuses.values()].flatMap((counts) =>
    [...counts].filter(([status]) => status === 0 || status >= 500),
  );
  if (bad.length) problems.push(`${bad.reduce((n, [, c]) => n + c, 0)} 5xx or transport errors`);
  if (rec.failures.length) problems.push(`${rec.failures.length} failed operations`);
  if (warm.length === 0 || end.length === 0) problems.push("too few RSS samples: run longer");
  else if (growth > RSS_GROWTH_LIMIT) problems.push(`RSS grew ${(growth * 100).toFixed(1)}%`);
  for (const failure of rec.failures.slice(0, 20)) log(`  failure: ${failure}`);
  log(problems.length ? `FAIL: ${problems.join("; ")}` : "PASS");
  return problems.length ? 1 : 0;
}

main().then(
  (code) => {
    cleanUp();
    process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`soak: ${(err as Error).stack ?? String(err)}\n`);
    cleanUp();
    process.exit(1);
  },
);
