/**
 * `npm run bench`: how long the real server takes to list a folder of 100,000 entries, against
 * the floor of a bare `readdir` + `stat` of every entry. Runs the built server (packages/server/
 * dist) on Node's type stripping; prints one line with both medians and their ratio.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "../dist/app.js";
import { openDatabase } from "../dist/db/database.js";
import { createSessionsStore } from "../dist/features/sessions/sessions.store.js";
import { createSettingsStore } from "../dist/features/settings/settings.store.js";
import { createUsersService } from "../dist/features/users/users.service.js";
import { createUsersStore } from "../dist/features/users/users.store.js";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONCURRENCY = 64;
const FOLDERS = 500;
const IMAGES = 2_000;
const PASSWORD = "bench-password-123";
/** The smallest valid PNG (1×1). */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5e2a1960000000049454e44ae426082",
  "hex",
);

async function mapLimit<T>(items: readonly T[], fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const pad = (n: number) => String(n).padStart(5, "0");

/** 100,000 entries: folders, images known by their extension, and TeX sources. */
async function makeCorpus(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const names = Array.from({ length: ENTRIES }, (_, i) => {
    if (i < FOLDERS) return `d${pad(i)}/`;
    if (i < FOLDERS + IMAGES) return `img${pad(i)}.${i % 2 ? "png" : "jpg"}`;
    return `c${pad(i)}.tex`;
  });
  await mapLimit(names, async (name) => {
    const abs = path.join(dir, name);
    if (name.endsWith("/")) return mkdir(abs);
    if (name.startsWith("img")) return writeFile(abs, PNG);
    return writeFile(abs, `\\section{${name}}\nLorem ipsum dolor sit amet.\n`);
  });
}

/** The floor: list the folder and stat every entry, nothing else. */
async function readdirAndStat(dir: string): Promise<number> {
  const names = await readdir(dir);
  await mapLimit(names, (name) => stat(path.join(dir, name)));
  return names.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timed(
  runs: number,
  fn: () => Promise<number>,
): Promise<{ ms: number; count: number }> {
  let count = await fn(); // warm-up: page cache, dentries, JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    count = await fn();
    times.push(performance.now() - start);
  }
  return { ms: median(times), count };
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), "scriptorium-bench-"));
  try {
    const root = path.join(work, "files");
    const corpus = path.join(root, "corpus");
    process.stderr.write(`creating ${ENTRIES} entries in ${corpus}…\n`);
    await makeCorpus(corpus);

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

    let body = new ArrayBuffer(0);
    const server = await timed(RUNS, async () => {
      const res = await fetch(`${base}/api/resources/corpus/`, { headers: { "X-Auth": token } });
      if (!res.ok) throw new Error(`listing failed: ${res.status}`);
      body = await res.arrayBuffer();
      return 0;
    });
    const listing = JSON.parse(Buffer.from(body).toString("utf8")) as {
      items: unknown[];
      numDirs: number;
      numFiles: number;
    };
    await app.close();
    const floor = await timed(RUNS, () => readdirAndStat(corpus));

    const listed = listing.items.length;
    const ok = listed === ENTRIES && floor.count === ENTRIES && listing.numDirs === FOLDERS;
    process.stdout.write(
      `listing ${listed} entries: server ${Math.round(server.ms)} ms, ` +
        `readdir+stat ${Math.round(floor.ms)} ms, ratio ${(server.ms / floor.ms).toFixed(2)}\n` +
        `entries: server ${listed} (${listing.numDirs} folders, ${listing.numFiles} files), ` +
        `readdir ${floor.count}, expected ${ENTRIES}: ${ok ? "ok" : "MISMATCH"} ` +
        `(median of ${RUNS} runs after a warm-up, ${(body.byteLength / 1e6).toFixed(1)} MB of JSON)\n`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
