/**
 * Full-text search over a corpus of Mauro-TeX transcriptions (BENCH_TEXT_MB, 100 MB, made of
 * the edition's fixtures with words varied: lib/transcriptions.ts), through the real route of
 * the built server (`GET /api/search/?query=…&content=true`) once its index has read every file,
 * against `grep -ril` of the same word on the same tree, in alternating rounds (lib/paired.ts);
 * each round searches another rare form of the vocabulary, once (a word asked again answers
 * faster, from the pages SQLite has read for it).
 */
import { spawnSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  fmtMs,
  log,
  login,
  searchIndexReady,
  startServer,
  waitQuiet,
  type Row,
} from "../lib/common.ts";
import { paired, timed } from "../lib/paired.ts";
import { writeCorpus } from "../lib/transcriptions.ts";

const CORPUS_MB = Number(process.env.BENCH_TEXT_MB ?? 100);
const GOAL = 0.1;

export async function textSearch(work: string): Promise<Row[]> {
  const files = path.join(work, "files");
  const corpus = path.join(files, "corpus");
  await mkdir(corpus, { recursive: true });
  log(`search: writing ${CORPUS_MB} MB of transcriptions…`);
  const made = await writeCorpus(corpus, CORPUS_MB * 1e6);
  const server = await startServer(work);
  try {
    const token = await login(server.base, "admin", server.password);
    const indexing = await timed(async () => {
      await searchIndexReady(server.base, token);
      await waitQuiet(server.child.pid!);
    });
    log(`search: ${made.files} files indexed by the server in ${fmtMs(indexing)}`);
    // The k-th call of each side searches the k-th form: both sides search the same word in a
    // round, and no round the word of the one before (the warm-up included).
    const calls = { ours: 0, grep: 0 };
    const wordOf = (k: number) => made.rareWords[k % made.rareWords.length]!;
    const found = new Map<string, { ours?: number; grep?: number }>();
    const note = (word: string, side: "ours" | "grep", count: number) =>
      found.set(word, { ...found.get(word), [side]: count });
    const ours = () => {
      const word = wordOf(calls.ours++);
      return timed(async () => {
        const res = await fetch(`${server.base}/api/search/corpus/?query=${word}&content=true`, {
          headers: { "X-Auth": token },
        });
        if (!res.ok) throw new Error(`search: ${res.status}`);
        const results = (await res.json()) as { path: string }[];
        note(word, "ours", new Set(results.map((r) => r.path)).size);
      });
    };
    const grep = () => {
      const word = wordOf(calls.grep++);
      return timed(() => {
        const run = spawnSync("grep", ["-ril", word, corpus], { maxBuffer: 1 << 26 });
        if (run.status !== 0) throw new Error(`grep -ril ${word}: ${run.status}`);
        note(word, "grep", run.stdout.toString().split("\n").filter(Boolean).length);
      });
    };
    const r = await paired(ours, grep);
    for (const [word, n] of found) {
      // grep -ril also finds the form inside longer words, which the index does not.
      const whole = spawnSync("grep", ["-rilw", word, corpus]).stdout.toString().split("\n");
      log(
        `search: "${word}" in ${n.ours} files by the server (500 lines at most), ` +
          `${n.grep} by grep -ril, ${whole.filter(Boolean).length} by grep -rilw`,
      );
    }
    return [
      {
        figure: `Full-text search over ${CORPUS_MB} MB of Mauro-TeX (${made.files} files, GET /api/search/?content=true)`,
        ours: `${fmtMs(r.ours)} (median of ${r.oursRounds.length} words, each searched once)`,
        baseline: `${fmtMs(r.baseline)} (grep -ril, same word and tree)`,
        ratio: r.ratio,
        spread: r.spread,
        goal: `≤ ${GOAL}× grep -r`,
        met: r.ratio <= GOAL,
      },
    ];
  } finally {
    await server.stop();
  }
}
