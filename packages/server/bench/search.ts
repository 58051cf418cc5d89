/**
 * `npm run bench`: the search index against `find` and `grep -r` on the same trees, in one run.
 * Names: a tree of BENCH_SEARCH_ENTRIES (1,000,000) entries is walked into the in-memory name
 * index (entries/s, heap per million entries) and queried (p50/p95), beside `find -iname` on the
 * tree; the same names in an SQLite FTS5 trigram table, the other design measured. Full text:
 * BENCH_TEXT_FILES (10,000) Mauro-TeX files indexed in FTS5 and queried, beside `grep -ril`.
 * Runs the built server (packages/server/dist) on Node's type stripping, with --expose-gc.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DatabaseSync } from "node:sqlite";
import { NameIndex } from "../dist/features/search/name-index.js";
import { searchNames } from "../dist/features/search/name-search.js";
import { createTextIndex } from "../dist/features/search/text-index.js";
import { walkTree } from "../dist/storage/tree-walk.js";

const ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES ?? 1_000_000);
const TEXT_FILES = Number(process.env.BENCH_TEXT_FILES ?? 10_000);
const QUERIES = 200;
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
const word = (i: number) => WORDS[i % WORDS.length] ?? "x";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const ms = (t0: number) => performance.now() - t0;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const f1 = (n: number) => n.toFixed(1);
const silent = () => ({ warn: () => undefined, error: () => undefined }) as never;

function run(cmd: string, args: string[]): number {
  const t0 = performance.now();
  execFileSync(cmd, args, { stdio: ["ignore", "ignore", "ignore"], maxBuffer: 1 << 30 });
  return ms(t0);
}

/** ENTRIES entries: folders of 1,000 files named after words and numbers. */
function makeNameTree(dir: string): void {
  const perFolder = 1000;
  for (let d = 0; d * perFolder < ENTRIES; d++) {
    const folder = path.join(dir, `${word(d)}-${d}`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < perFolder - 1 && d * perFolder + i < ENTRIES; i++) {
      writeFileSync(path.join(folder, `${word(i * 7 + d)}-${d}-${i}.${i % 5 ? "tex" : "png"}`), "");
    }
  }
}

async function names(dir: string): Promise<void> {
  makeNameTree(dir);
  const before = heap();
  const index = new NameIndex();
  const t0 = performance.now();
  const count = await walkTree((p, info) => index.put(p, info), dir, "/");
  const buildMs = ms(t0);
  // Held while serving: after a first query has joined the names into their search text.
  searchNames(index, 0, { terms: ["x"], types: [], caseSensitive: false }, () => true);
  const bytes = heap() - before;
  const findMs = run("find", [dir, "-iname", "*sphaera*"]);
  const times: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const terms = [word(q * 3), `-${q % 1000}-`].slice(0, 1 + (q % 2));
    const t1 = performance.now();
    searchNames(index, 0, { terms, types: [], caseSensitive: false }, () => true);
    times.push(ms(t1));
  }
  console.log(
    `search names: ${count} entries walked and indexed in ${f1(buildMs / 1000)} s (${Math.round(
      count / (buildMs / 1000),
    )} entries/s), heap ${f1(bytes / 1048576 / (count / 1e6))} MB per million entries; ` +
      `query p50 ${f1(pct(times, 50))} ms, p95 ${f1(pct(times, 95))} ms; ` +
      `find -iname ${f1(findMs)} ms`,
  );

  // The other design: the same names in an FTS5 trigram table on disk.
  const db = new DatabaseSync(path.join(dir, "..", "trigram.db"));
  db.exec("CREATE VIRTUAL TABLE n USING fts5(name, tokenize = 'trigram')");
  const insert = db.prepare("INSERT INTO n (rowid, name) VALUES (?, ?)");
  const t2 = performance.now();
  db.exec("BEGIN");
  for (let id = 1; id < index.capacity; id++) {
    if (index.isAlive(id)) insert.run(id, index.nameOf(id));
  }
  db.exec("COMMIT");
  const triBuild = ms(t2);
  const query = db.prepare("SELECT rowid FROM n WHERE name MATCH ? LIMIT 10000");
  const triTimes: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const t3 = performance.now();
    query.all(`"${word(q * 3)}"`);
    triTimes.push(ms(t3));
  }
  db.close();
  console.log(
    `search names (FTS5 trigram, for comparison): inserted in ${f1(triBuild / 1000)} s ` +
      `(${Math.round(count / (triBuild / 1000))} entries/s); query p50 ${f1(pct(triTimes, 50))} ms, ` +
      `p95 ${f1(pct(triTimes, 95))} ms`,
  );
}

/** A vocabulary of 8,000 Latin-looking words; word k is drawn about 1/k as often (Zipf). */
const SYLLABLES = [
  "ca",
  "de",
  "ri",
  "mo",
  "tu",
  "la",
  "ne",
  "spha",
  "cen",
  "tris",
  "ge",
  "o",
  "me",
  "tri",
  "ar",
  "us",
  "um",
  "is",
  "ae",
  "ti",
  "on",
  "quo",
  "per",
  "pro",
];
const VOCABULARY = Array.from({ length: 8000 }, (_, k) => {
  let w = "";
  for (let n = k + 1; n > 0; n = Math.floor(n / SYLLABLES.length))
    w += SYLLABLES[n % SYLLABLES.length];
  return w;
});
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const zipfWord = () =>
  VOCABULARY[
    Math.min(
      VOCABULARY.length - 1,
      Math.floor(Math.exp(random() * Math.log(VOCABULARY.length))) - 1,
    )
  ] ?? "x";

/** A Mauro-TeX page: 60 lines of running text, a variant with sigla on each, a comment. */
function texPage(n: number): string {
  const lines: string[] = [`\\ElencoTestimoni{A/B/C}`, `% opusculum ${n}`];
  for (let l = 0; l < 60; l++) {
    const words = Array.from({ length: 12 }, zipfWord).join(" ");
    lines.push(`${words} \\VV{{A/B:${zipfWord()}}{C:${zipfWord()}}} ${zipfWord()} ${zipfWord()}.`);
  }
  return lines.join("\n") + "\n";
}

async function fullText(dir: string): Promise<void> {
  for (let i = 0; i < TEXT_FILES; i++) {
    const folder = path.join(dir, `liber-${Math.floor(i / 500)}`);
    if (i % 500 === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `opusculum-${i}.tex`), texPage(i));
  }
  const text = createTextIndex({ file: path.join(dir, "..", "text.db"), root: dir, log: silent() });
  const t0 = performance.now();
  await walkTree((p, info) => (info.isDir ? undefined : text.schedule(p)), dir, "/");
  await text.idle();
  const buildMs = ms(t0);
  const grepMs = run("grep", ["-ril", VOCABULARY[100] ?? "x", dir]);
  const times: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    // One word or two, common and rare alike.
    const terms = q % 2 ? [zipfWord()] : [zipfWord(), zipfWord()];
    const t1 = performance.now();
    text.search(terms, "/", 500);
    times.push(ms(t1));
  }
  await text.close();
  console.log(
    `search full text: ${TEXT_FILES} .tex files indexed in ${f1(buildMs / 1000)} s; ` +
      `query p50 ${f1(pct(times, 50))} ms, p95 ${f1(pct(times, 95))} ms; grep -ril ${f1(grepMs)} ms`,
  );
}

const work = mkdtempSync(path.join(tmpdir(), "scriptorium-bench-search-"));
try {
  await names(path.join(work, "names"));
  await fullText(path.join(work, "text"));
} finally {
  rmSync(work, { recursive: true, force: true });
}
