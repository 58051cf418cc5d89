/**
 * PostgreSQL against SQLite (issue 33), on a private PostgreSQL cluster started in the figure's
 * folder (scripts/test-postgres.mjs) and stopped at the end, also on Ctrl+C:
 *  - the listing of a 100,000-entry folder, unchanged and read afresh, by a server on SQLite and
 *    one on PostgreSQL serving the same folder at once, measured in turn;
 *  - name search over 1,000,000 entries through GET /api/search/, p95 of a set of varied queries,
 *    the same two servers on the same tree, once both indexes say ready;
 *  - 50 wrk clients on a 1,000-file folder (half listings, four in ten file reads, one in ten
 *    saves) through Debian's nginx in front of two instances on one PostgreSQL, one files folder
 *    and one --data, against the same nginx in front of one of them.
 * Every row is measured in alternating rounds, the side going first alternating too; its ratio
 * is the median of the rounds' ratios, with their spread (lib/paired.ts).
 */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startCluster, stopCluster } from "../../../../scripts/test-postgres.mjs";
import { nginxRoundRobin, type Nginx } from "../../src/test/nginx-round-robin.ts";
import {
  cleanups,
  cpuTicks,
  fmtMs,
  freePort,
  log,
  login,
  machineTicks,
  median,
  NOISY_RUNS,
  percentile,
  RUNS,
  searchIndexReady,
  startServer,
  waitQuiet,
  type Row,
  type Server,
} from "../lib/common.ts";
import { load, type LoadResult } from "../lib/load.ts";
import { pairRounds, timed, type Paired } from "../lib/paired.ts";

const LIST_ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const SEARCH_ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES ?? 1_000_000);
const FILES = 1000;
/** Listings of each side in a round of the unchanged listing. */
const LISTINGS = 9;
/** Linux's clock ticks per second in /proc (USER_HZ). */
const TICKS_PER_SECOND = 100;
const CONNECTIONS = 50;
/** Longer than the other load rows: under this mix a request can take seconds. */
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WORDS = ["sphaera", "centris", "figura", "liber", "opuscula", "cosmographia", "musica"]
  .concat(["optica", "arithmetica", "conica", "euclides", "archimedes", "apollonius"])
  .concat(["theodosius", "menelaus", "autolycus", "propositio", "scholium", "lemma", "epistola"]);
/** Not text: the row measures names, not the words of files. */
const EXTENSIONS = ["pdf", "png", "jpg", "tif", "zip"];
const word = (i: number) => WORDS[i % WORDS.length]!;
const en = (n: number) => n.toLocaleString("en");

/** The private cluster; `database(name)` makes a database with the extensions we use. */
async function cluster(work: string) {
  const dir = path.join(work, "pg");
  // As root the cluster runs as the `postgres` user, who must reach its folder.
  if (process.getuid?.() === 0) await chmod(work, 0o755);
  const stop = () => stopCluster(dir);
  cleanups.add(stop);
  const server = await startCluster(dir);
  const run = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    async database(name: string): Promise<string> {
      await run(server, `create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      await run(url.toString(), "create extension if not exists unaccent");
      await run(url.toString(), "create extension if not exists pg_trgm");
      return url.toString();
    },
    stop() {
      cleanups.delete(stop);
      stop();
    },
  };
}
type Cluster = Awaited<ReturnType<typeof cluster>>;

interface Ready {
  server: Server;
  token: string;
  /** From the start to the search index's "ready", in ms. */
  readyMs: number;
}

/** A server on SQLite and one on PostgreSQL on the same files, both indexed and at rest. */
async function pair(work: string, name: string, root: string, db: Cluster): Promise<Ready[]> {
  const own = path.join(work, name);
  await mkdir(own, { recursive: true });
  const url = await db.database(name);
  const start = performance.now();
  const servers = [
    await startServer(work, {}, { root, database: path.join(own, "bench.db") }),
    await startServer(work, {}, { root, database: url, data: path.join(own, "data") }),
  ];
  return Promise.all(
    servers.map(async (server) => {
      const token = await login(server.base, "admin", server.password);
      await searchIndexReady(server.base, token);
      const readyMs = performance.now() - start;
      return { server, token, readyMs };
    }),
  ).then(async (ready) => {
    for (const r of ready) await waitQuiet(r.server.child.pid!);
    return ready;
  });
}

async function get(server: Ready, url: string): Promise<ArrayBuffer> {
  const res = await fetch(`${server.server.base}${url}`, { headers: { "X-Auth": server.token } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.arrayBuffer();
}

/** PostgreSQL's rounds (ours) against SQLite's (the baseline). */
const ratioRow = (figure: string, p: Paired, goal: number): Row => ({
  figure,
  ours: `${fmtMs(p.ours)} (PostgreSQL)`,
  baseline: `${fmtMs(p.baseline)} (SQLite)`,
  ratio: p.ratio,
  spread: p.spread,
  goal: `≤ ${goal}× SQLite's`,
  met: p.ratio <= goal,
});

/** Both servers in round `i`'s order (SQLite first on even rounds): their times, SQLite first. */
async function bothInTurn(
  i: number,
  servers: Ready[],
  fn: (s: Ready) => Promise<unknown>,
): Promise<[number, number]> {
  const [lite, post] = servers as [Ready, Ready];
  if (i % 2 === 0) {
    const l = await timed(() => fn(lite));
    return [l, await timed(() => fn(post))];
  }
  const p = await timed(() => fn(post));
  return [await timed(() => fn(lite)), p];
}

async function listing(work: string, db: Cluster): Promise<Row[]> {
  const root = path.join(work, "list", "files");
  const folder = path.join(root, "corpus");
  log(`postgres: a ${en(LIST_ENTRIES)}-entry folder…`);
  await mkdir(folder, { recursive: true });
  const pad = (n: number) => String(n).padStart(6, "0");
  for (let i = 0; i < LIST_ENTRIES; i++) {
    writeFileSync(path.join(folder, `c${pad(i)}.${EXTENSIONS[i % EXTENSIONS.length]}`), "");
  }
  const servers = await pair(work, "list", root, db);
  try {
    for (const s of servers) {
      const text = new TextDecoder().decode(await get(s, "/api/resources/corpus/"));
      const items = (JSON.parse(text) as { items: unknown[] }).items.length;
      if (items !== LIST_ENTRIES) throw new Error(`listing has ${items}, not ${LIST_ENTRIES}`);
    }
    log("postgres: listing on SQLite and PostgreSQL in turn…");
    const list = (s: Ready) => get(s, "/api/resources/corpus/");
    // A listing from the cache takes 30-50 ms, and one of them alone per side and round put
    // the rounds' ratios anywhere from 0.3 to 2.5 (a collection, a scheduling delay in either
    // server): a round is LISTINGS of each side in turn, each side's figure their median.
    const unchanged: number[][] = [[], []];
    for (let i = 0; i < NOISY_RUNS; i++) {
      const times: number[][] = [[], []];
      for (let k = 0; k < LISTINGS; k++) {
        const [l, p] = await bothInTurn(i + k, servers, list);
        times[0]!.push(l);
        times[1]!.push(p);
      }
      unchanged[0]!.push(median(times[0]!));
      unchanged[1]!.push(median(times[1]!));
    }
    const afresh: number[][] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      await writeFile(path.join(folder, `c${pad(0)}.pdf`), `changed ${i}\n`);
      await new Promise((r) => setTimeout(r, 500));
      const [l, p] = await bothInTurn(i, servers, list);
      afresh[0]!.push(l);
      afresh[1]!.push(p);
    }
    return [
      ratioRow(
        `Listing a ${en(LIST_ENTRIES)}-entry folder (unchanged; median of ${LISTINGS} a round)`,
        pairRounds(unchanged[1]!, unchanged[0]!),
        1.5,
      ),
      ratioRow(
        `Listing it again after a change (read afresh)`,
        pairRounds(afresh[1]!, afresh[0]!),
        1.5,
      ),
    ];
  } finally {
    for (const s of servers) await s.server.stop();
  }
}

/** SEARCH_ENTRIES entries: folders of 1,000 empty files named after words and numbers. */
function makeNameTree(dir: string): void {
  const perFolder = 1000;
  for (let d = 0; d * perFolder < SEARCH_ENTRIES; d++) {
    const folder = path.join(dir, `${word(d)}-${d}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < perFolder - 1 && d * perFolder + i < SEARCH_ENTRIES; i++) {
      const ext = EXTENSIONS[i % EXTENSIONS.length];
      writeFileSync(path.join(folder, `${word(i * 7 + d)}-${d}-${i}.${ext}`), "");
    }
  }
}

/** Common words (10,000 results, the cap), rare names, phrases, types, case, no match. */
function queries(): string[] {
  const list = WORDS.map((w) => w);
  for (let q = 0; q < 10; q++) list.push(`${word(q * 3)} -${q * 97}-${q * 13}.`);
  list.push('"conica-5-"', '"liber-999-998.zip"', "type:pdf musica", "type:image optica");
  list.push("case:sensitive Lemma", "case:sensitive lemma-42-", "zzzz", "quadrivium", "-500-");
  return list;
}

async function nameSearch(work: string, db: Cluster): Promise<Row[]> {
  const root = path.join(work, "search", "files");
  const made = performance.now();
  log(`postgres: a tree of ${en(SEARCH_ENTRIES)} empty files…`);
  makeNameTree(root);
  log(`postgres: made in ${fmtMs(performance.now() - made)}; indexing on both engines…`);
  const servers = await pair(work, "search", root, db);
  try {
    const set = queries();
    const url = (q: string) => `/api/search/?query=${encodeURIComponent(q)}`;
    for (const s of servers) for (const q of set) await get(s, url(q)); // warm-up
    log(`postgres: ${set.length} queries × ${NOISY_RUNS} on each engine, in turn…`);
    // Each round: every query on both engines in turn; the round's figure is its p95.
    const p95s: number[][] = [[], []];
    for (let i = 0; i < NOISY_RUNS; i++) {
      const times: number[][] = [[], []];
      for (const [k, q] of set.entries()) {
        const [l, p] = await bothInTurn(i + k, servers, (s) => get(s, url(q)));
        times[0]!.push(l);
        times[1]!.push(p);
      }
      for (const k of [0, 1]) p95s[k]!.push(percentile(times[k]!, 95));
    }
    const [liteReady, postReady] = servers.map((s) => s.readyMs) as [number, number];
    const row = ratioRow(
      `Name search over ${en(SEARCH_ENTRIES)} entries: p95 (median of ${NOISY_RUNS} rounds)`,
      pairRounds(p95s[1]!, p95s[0]!),
      1.5,
    );
    row.ours += `; index ready after ${fmtMs(postReady)}`;
    row.baseline += `; index ready after ${fmtMs(liteReady)}`;
    return [row];
  } finally {
    for (const s of servers) await s.server.stop();
  }
}

/** wrk's requests: listings, reads of varied files, saves of small files (each thread its own). */
const MIX = `
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
local i = 0
function request()
  i = i + 1
  local k = i % 10
  if k < 5 then return wrk.format("GET", "/api/resources/thousand/") end
  if k < 9 then
    return wrk.format("GET", string.format("/api/raw/thousand/f%04d.tex", (i * 37) % ${FILES}))
  end
  local name = string.format("/api/resources/thousand/s%d-%d.tex", id, i % 25)
  return wrk.format("PUT", name, nil, "\\\\section{" .. i .. "}\\n")
end
function done(summary, latency, requests)
  io.write(string.format("p95 %dus\\n", latency:percentile(95)))
end
`;

async function behindNginx(work: string, db: Cluster, wrk: string): Promise<Row[]> {
  const own = path.join(work, "load");
  const folder = path.join(own, "files", "thousand");
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    await writeFile(path.join(folder, `f${String(i).padStart(4, "0")}.tex`), `\\section{${i}}\n`);
  }
  for (let t = 0; t < 2; t++) {
    for (let n = 0; n < 25; n++) await writeFile(path.join(folder, `s${t}-${n}.tex`), "x\n");
  }
  const script = path.join(own, "mix.lua");
  await writeFile(script, MIX);
  const place = {
    root: path.join(own, "files"),
    database: await db.database("load"),
    data: path.join(own, "data"),
  };
  const a = await startServer(work, {}, place);
  const b = await startServer(work, {}, place);
  const nginxes: Nginx[] = [];
  const kills: (() => void)[] = [];
  try {
    const token = await login(a.base, "admin", a.password);
    for (const s of [a, b]) await searchIndexReady(s.base, token);
    for (const s of [a, b]) await waitQuiet(s.child.pid!);
    const port = (s: Server) => Number(new URL(s.base).port);
    for (const [name, ports] of [
      ["one", [port(a)]],
      ["two", [port(a), port(b)]],
    ] as const) {
      const nginx = await nginxRoundRobin(path.join(own, name), [...ports], await freePort());
      nginxes.push(nginx);
      // nginx's master ends its worker on SIGTERM; a SIGKILL would leave the worker running.
      const kill = () => void nginx.child.kill("SIGTERM");
      kills.push(kill);
      cleanups.add(kill);
    }
    const run = (nginx: Nginx) =>
      load(wrk, `${nginx.base}/api/resources/thousand/`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { "X-Auth": token },
        script,
      });
    log(`postgres: ${CONNECTIONS} clients through nginx, one and two instances in turn…`);
    for (const nginx of nginxes) await run(nginx); // warm-up
    const results: LoadResult[][] = [[], []];
    // Where the cores go: the servers' share (both processes) and the whole machine's.
    const cores: { servers: number; machine: number }[][] = [[], []];
    const pids = [a.child.pid!, b.child.pid!];
    const serverTicks = async () => (await cpuTicks(pids[0]!)) + (await cpuTicks(pids[1]!));
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const [servers, machine, start] = [await serverTicks(), await machineTicks(), Date.now()];
        results[k]!.push(await run(nginxes[k]!));
        const seconds = (Date.now() - start) / 1000;
        const after = await machineTicks();
        cores[k]!.push({
          servers: ((await serverTicks()) - servers) / TICKS_PER_SECOND / seconds,
          machine:
            ((after.busy - machine.busy) / (after.total - machine.total)) * availableParallelism(),
        });
      }
    }
    const busy = (k: number) =>
      `servers ${median(cores[k]!.map((c) => c.servers)).toFixed(2)} cores, machine ${median(cores[k]!.map((c) => c.machine)).toFixed(2)} of ${availableParallelism()} busy`;
    const [one, two] = results as [LoadResult[], LoadResult[]];
    const perSecond = pairRounds(
      two.map((r) => r.perSecond),
      one.map((r) => r.perSecond),
    );
    const p95 = pairRounds(
      two.map((r) => r.p95 ?? Number.NaN),
      one.map((r) => r.p95 ?? Number.NaN),
    );
    const figure = `${CONNECTIONS} clients on a ${en(FILES)}-file folder (list, read, save), PostgreSQL`;
    return [
      {
        figure: `${figure}: requests/s`,
        ours: `${perSecond.ours.toFixed(0)} req/s (two instances behind nginx)`,
        baseline: `${perSecond.baseline.toFixed(0)} req/s (one instance behind the same nginx)`,
        ratio: perSecond.ratio,
        spread: perSecond.spread,
        goal: "≥ 1.0× one instance's",
        met: perSecond.ratio >= 1,
      },
      {
        figure: `${figure}: p95`,
        ours: `${p95.ours.toFixed(1)} ms (two instances; ${busy(1)})`,
        baseline: `${p95.baseline.toFixed(1)} ms (one instance; ${busy(0)})`,
        ratio: p95.ratio,
        spread: p95.spread,
        goal: "≤ 1.0× one instance's",
        met: p95.ratio <= 1,
      },
    ];
  } finally {
    for (const nginx of nginxes) await nginx.stop();
    for (const kill of kills) cleanups.delete(kill);
    await a.stop();
    await b.stop();
  }
}

export async function postgres(work: string, tools: Record<string, string>): Promise<Row[]> {
  const db = await cluster(work);
  try {
    return [
      ...(await listing(work, db)),
      ...(await nameSearch(work, db)),
      ...(await behindNginx(work, db, tools.wrk!)),
    ];
  } finally {
    db.stop();
  }
}
