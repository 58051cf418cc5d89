/**
 * The name index over BENCH_SEARCH_ENTRIES (1,000,000) entries on disk, measured in this process
 * through the built modules (the figures are the index's own: an HTTP round trip would add its
 * JSON of up to 10,000 results to each query, and the server's RSS is not the index's memory):
 *  - query time (p95 of 100 queries a round: one or two terms, common and rare), against
 *    `find -iname` on the same tree, in alternating rounds (lib/paired.ts);
 *  - walking and indexing rate, against `find` walking the same tree;
 *  - heap per million entries once queried (the names joined into their search text), against
 *    the bytes of the entries' paths themselves.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parseSearchQuery } from "@scriptorium/shared";
import { NameIndex } from "../../dist/features/search/name-index.js";
import { searchNames } from "../../dist/features/search/name-search.js";
import { walkTree } from "../../dist/storage/tree-walk.js";
import {
  fmtMs,
  log,
  mib,
  percentile,
  round2,
  RUNS,
  timedCommand,
  type Row,
} from "../lib/common.ts";
import { pairRounds } from "../lib/paired.ts";

const ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES ?? 1_000_000);
const QUERIES = 100;
const PER_FOLDER = 1000;
const WORDS = [
  "sphaera",
  "centris",
  "figura",
  "liber",
  "opuscula",
  "cosmographia",
  "musica",
  "optica",
  "arithmetica",
  "conica",
  "euclides",
  "archimedes",
  "apollonius",
  "theodosius",
  "menelaus",
  "autolycus",
  "propositio",
  "demonstratio",
  "scholium",
  "lemma",
  "corollarium",
  "epistola",
];
const word = (i: number) => WORDS[i % WORDS.length]!;

/** The collector, asked for by name: the bench runs without --expose-gc. */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** ENTRIES entries: folders of 1,000 files named after words and numbers. Bytes of the paths. */
function makeNameTree(dir: string): number {
  let pathBytes = 0;
  for (let d = 0; d * PER_FOLDER < ENTRIES; d++) {
    const folder = `${word(d)}-${d}`;
    mkdirSync(path.join(dir, folder), { recursive: true });
    pathBytes += folder.length + 2;
    for (let i = 0; i < PER_FOLDER - 1 && d * PER_FOLDER + i < ENTRIES; i++) {
      const name = `${word(i * 7 + d)}-${d}-${i}.${i % 5 ? "tex" : "png"}`;
      writeFileSync(path.join(dir, folder, name), "");
      pathBytes += folder.length + name.length + 3;
    }
  }
  return pathBytes;
}

export async function nameSearch(work: string): Promise<Row[]> {
  const dir = path.join(work, "names");
  log(`search: a tree of ${ENTRIES.toLocaleString("en")} entries…`);
  const pathBytes = makeNameTree(dir);
  const findWalk = timedCommand("find", [dir]);
  const before = heap();
  const index = new NameIndex();
  const start = performance.now();
  const count = await walkTree((p, info) => index.put(p, info), dir, "/");
  const buildMs = performance.now() - start;
  // Held while serving: after a first query has joined the names into their search text.
  searchNames(index, 0, parseSearchQuery("x"), () => true);
  const bytes = heap() - before;
  const perMillion = mib(bytes) / (count / 1e6);

  log(`search: names, ${RUNS} rounds of ${QUERIES} queries against find -iname…`);
  const ours: number[] = [];
  const find: number[] = [];
  for (let round = 0; round <= RUNS; round++) {
    const times: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const k = round * QUERIES + q;
      const query = [word(k * 3), `-${k % 1000}-`].slice(0, 1 + (k % 2)).join(" ");
      const t = performance.now();
      searchNames(index, 0, parseSearchQuery(query), () => true);
      times.push(performance.now() - t);
    }
    const findMs = timedCommand("find", [dir, "-iname", `*${word(round)}*`]);
    // Round 0 warms both up.
    if (round > 0) {
      ours.push(percentile(times, 95));
      find.push(findMs);
    }
  }
  const query = pairRounds(ours, find);
  const rate = count / (buildMs / 1000);
  const findRate = count / (findWalk / 1000);
  const pathsPerMillion = mib(pathBytes) / (count / 1e6);
  const n = count.toLocaleString("en");
  return [
    {
      figure: `Name search over ${n} entries (p95 of ${QUERIES} queries a round)`,
      ours: `${query.ours.toFixed(1)} ms`,
      baseline: `${fmtMs(query.baseline)} (find -iname, same tree)`,
      ratio: query.ratio,
      spread: query.spread,
      goal: "≤ 50 ms",
      met: query.ours <= 50,
    },
    {
      figure: `Name index: walking and indexing ${n} entries`,
      ours: `${Math.round(rate).toLocaleString("en")} entries/s (${fmtMs(buildMs)})`,
      baseline: `${Math.round(findRate).toLocaleString("en")} entries/s (find walking the tree)`,
      ratio: round2(rate / findRate),
      goal: "≥ 100,000 entries/s",
      met: rate >= 100_000,
    },
    {
      figure: "Name index memory (heap, once queried)",
      ours: `${perMillion.toFixed(0)} MB per million entries`,
      baseline: `${pathsPerMillion.toFixed(0)} MB per million (the paths as text)`,
      ratio: round2(perMillion / pathsPerMillion),
      goal: "≤ 150 MB per million",
      met: perMillion <= 150,
    },
  ];
}
