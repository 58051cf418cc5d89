/**
 * `npm run bench` (after transfer.ts): how long the server's event loop is held while it
 * compresses and decompresses bzip2. The built app runs in this process (so its event loop is
 * the one measured, with `perf_hooks.monitorEventLoopDelay` sampling every millisecond); the
 * client is a child process, so its work is not counted. Prints two figures, goal < 50 ms each:
 *  - the longest delay during a tar.bz2 download of a 50 MiB folder (`GET /api/raw?algo=tarbz2`);
 *  - the longest delay during the extraction of a 50 MiB .tar.bz2 (`PATCH ?action=unzip`).
 * Then the same two with the worker-thread fallback (SCRIPTORIUM_CODECS=worker) on a smaller
 * folder, as our JavaScript bzip2 is ten times slower than the bzip2 program. The idle server's
 * figures come first: on a busy machine the scheduler alone makes delays of that size. Starting
 * the bzip2 program (fork) costs the event loop time in proportion to the server's memory
 * (about 5 ms at 60 MiB of RSS, 30–70 ms at 600 MiB here), hence the RSS beside each figure.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { buildApp } from "../dist/app.js";
import { openDatabase } from "../dist/db/database.js";
import { createSessionsStore } from "../dist/features/sessions/sessions.store.js";
import { createSettingsStore } from "../dist/features/settings/settings.store.js";
import { createUsersService } from "../dist/features/users/users.service.js";
import { createUsersStore } from "../dist/features/users/users.store.js";

const MiB = 1024 * 1024;
const CORPUS_MIB = Number(process.env.BENCH_CODEC_MIB ?? 50);
const WORKER_MIB = Number(process.env.BENCH_CODEC_WORKER_MIB ?? 4);
const GOAL_MS = 50;
const PASSWORD = "bench-password-123";
/** The whole run stops by itself after this long, whatever happens. */
const WATCHDOG_MS = 20 * 60_000;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The client, in a child process: sends one request, writes the body to a file. */
const CLIENT = `
const [method, url, token, file] = process.argv.slice(1);
const { createWriteStream } = require("node:fs");
const { Readable } = require("node:stream");
const { pipeline } = require("node:stream/promises");
(async () => {
  const res = await fetch(url, { method, headers: { "X-Auth": token } });
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file));
  if (!res.ok) throw new Error(method + " " + url + ": " + res.status);
})().catch((err) => { console.error(err); process.exit(1); });
`;

/** A folder like a manuscript project: scans (incompressible) and TeX sources (text). */
async function makeCorpus(dir: string, mib: number): Promise<number> {
  let files = 0;
  const scanBytes = Math.round(mib * MiB * 0.75);
  await mkdir(path.join(dir, "scans"), { recursive: true });
  await mkdir(path.join(dir, "tex"), { recursive: true });
  for (let done = 0; done < scanBytes; files++) {
    const size = Math.min(4 * MiB, scanBytes - done);
    const name = `folio-${String(files).padStart(4, "0")}r.tif`;
    await writeFile(path.join(dir, "scans", name), randomBytes(size));
    done += size;
  }
  const textBytes = mib * MiB - scanBytes;
  for (let done = 0, i = 0; done < textBytes; i++, files++) {
    const lines: string[] = [];
    let length = 0;
    for (let n = i * 4000; length < Math.min(MiB, textBytes - done); n++) {
      const line = `\\Unit{${n}} Arma virumque cano, Troiae qui primus ab oris ${n.toString(36)}\n`;
      lines.push(line);
      length += line.length;
    }
    const data = lines.join("").slice(0, Math.min(MiB, textBytes - done));
    await writeFile(path.join(dir, "tex", `cap${String(i).padStart(4, "0")}.tex`), data);
    done += data.length;
  }
  return files;
}

/** Runs one request from a child process; the event loop's delays meanwhile, in ms. */
async function measured(method: string, url: string, token: string, file: string) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const rssMiB = process.memoryUsage().rss / MiB;
  const start = performance.now();
  const child = spawn(process.execPath, ["-e", CLIENT, method, url, token, file], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code] = (await once(child, "exit")) as [number | null];
  const ms = performance.now() - start;
  // One more sample after the last piece of work, then stop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  if (code !== 0) throw new Error(`${method} ${url}: client exited ${code}`);
  return { ms, rssMiB, max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 };
}

/** The same figures with the server idle: what this machine's scheduler adds by itself. */
async function idle(ms: number) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  histogram.disable();
  return { max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 };
}

async function countFiles(dir: string): Promise<number> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return names.filter((d) => d.isFile()).length;
}

async function run(base: string, token: string, root: string, work: string, mib: number) {
  const corpus = path.join(root, "corpus");
  const files = await makeCorpus(corpus, mib);

  log(`downloading ${mib} MiB as tar.bz2…`);
  const archive = path.join(work, "download.tar.bz2");
  const download = await measured("GET", `${base}/api/raw/corpus?algo=tarbz2`, token, archive);
  const listed = execFileSync("tar", ["-tvjf", archive], { maxBuffer: 1 << 24 })
    .toString()
    .split("\n")
    .filter((line) => line.startsWith("-")).length; // regular files
  const downloadOk = listed === files;
  if (!downloadOk) log(`tar -tj listed ${listed} files, expected ${files}`);

  log(`extracting a ${mib} MiB .tar.bz2…`);
  execFileSync("tar", ["-cjf", path.join(root, "corpus.tar.bz2"), "-C", corpus, "."]);
  await rm(corpus, { recursive: true });
  await mkdir(path.join(root, "out"));
  const destination = encodeURIComponent(encodeURIComponent("/out/corpus.tar.bz2"));
  const url = `${base}/api/resources/corpus.tar.bz2?action=unzip&destination=${destination}&override=false`;
  const extraction = await measured("PATCH", url, token, path.join(work, "patch.txt"));
  const extractOk = (await countFiles(path.join(root, "out"))) === files;
  const archiveMiB = (await stat(archive)).size / MiB;
  await rm(path.join(root, "out"), { recursive: true });
  await rm(path.join(root, "corpus.tar.bz2"));
  await rm(archive);
  return { files, download, downloadOk, extraction, extractOk, archiveMiB };
}

const verdict = (ms: number) => (ms < GOAL_MS ? "ok" : "ABOVE GOAL");
const rate = (mib: number, ms: number) => `${(mib / (ms / 1000)).toFixed(1)} MiB/s`;

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "scriptorium-bench-codecs-"));
  const watchdog = setTimeout(() => {
    log(`codecs bench: still running after ${WATCHDOG_MS / 60_000} min, stopping`);
    void rm(work, { recursive: true, force: true }).finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  try {
    const root = path.join(work, "files");
    await mkdir(root);
    const db = await openDatabase(path.join(work, "bench.db"));
    const settings = createSettingsStore(db);
    await settings.setSettings(await settings.getSettings());
    const users = createUsersService({
      users: createUsersStore(db),
      sessions: createSessionsStore(db),
      settings,
      root,
    });
    await users.create({ username: "bench", password: PASSWORD, fields: { scope: "." } });
    const app = await buildApp({ db, root, cacheDir: path.join(work, "cache") });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      body: JSON.stringify({ username: "bench", password: PASSWORD }),
    });
    const token = await login.text();

    log("the event loop of the idle server, for 5 s…");
    const still = await idle(5000);
    const lines = [
      `event loop of the idle server over 5 s (this machine's own noise): ` +
        `longest delay ${still.max.toFixed(1)} ms, p99 ${still.p99.toFixed(1)} ms\n`,
    ];
    let ok = true;
    for (const [backend, mib] of [
      ["bzip2 program", CORPUS_MIB],
      ["worker threads", WORKER_MIB],
    ] as const) {
      if (backend === "worker threads") process.env.SCRIPTORIUM_CODECS = "worker";
      log(`${backend}: writing a ${mib} MiB folder…`);
      const r = await run(base, token, root, work, mib);
      delete process.env.SCRIPTORIUM_CODECS;
      ok &&= r.downloadOk && r.extractOk;
      lines.push(
        `event loop during a tar.bz2 download of ${mib} MiB (${r.files} files, ${backend}): ` +
          `longest delay ${r.download.max.toFixed(1)} ms (goal < ${GOAL_MS} ms: ` +
          `${verdict(r.download.max)}), p99 ${r.download.p99.toFixed(1)} ms, ` +
          `server RSS ${r.download.rssMiB.toFixed(0)} MiB at the start; ` +
          `${(r.download.ms / 1000).toFixed(1)} s (${rate(mib, r.download.ms)}, ` +
          `${r.archiveMiB.toFixed(1)} MiB out); tar -tj lists every file: ` +
          `${r.downloadOk ? "ok" : "MISMATCH"}\n` +
          `event loop during a .tar.bz2 extraction of ${mib} MiB (${backend}): ` +
          `longest delay ${r.extraction.max.toFixed(1)} ms (goal < ${GOAL_MS} ms: ` +
          `${verdict(r.extraction.max)}), p99 ${r.extraction.p99.toFixed(1)} ms, ` +
          `server RSS ${r.extraction.rssMiB.toFixed(0)} MiB at the start; ` +
          `${(r.extraction.ms / 1000).toFixed(1)} s (${rate(mib, r.extraction.ms)}); ` +
          `every file extracted: ${r.extractOk ? "ok" : "MISMATCH"}\n`,
      );
    }
    await app.close();
    process.stdout.write(lines.join(""));
    if (!ok) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await rm(work, { recursive: true, force: true });
  }
}

await main();
