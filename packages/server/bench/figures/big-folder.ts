/**
 * Figures on one folder of 100,000 entries, served by the built command in a child process:
 *  - the listing API against a bare `readdir` + `stat` of every entry, unchanged and just after a
 *    change, in alternating rounds (lib/paired.ts);
 *  - the server's RSS when idle, and its growth over 10 repeated listings;
 *  - in Chromium: the JavaScript loaded before the login form is usable (gzipped), and the
 *    time from opening the folder to its first item on screen against the API call alone, then
 *    the longest frame while scrolling it against a static page of plain rows, each pair in
 *    alternating rounds.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  fmtMs,
  log,
  login,
  median,
  mib,
  rss,
  RUNS,
  searchIndexReady,
  waitQuiet,
  startServer,
  type Row,
} from "../lib/common.ts";
import { measureBundle, measureFolderInBrowser } from "../lib/browser.ts";
import { paired, pairRounds, timed } from "../lib/paired.ts";
import { ensureTools } from "../lib/tools.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const FOLDERS = 500;
const IMAGES = 2_000;
const CONCURRENCY = 64;
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

const pad = (n: number) => String(n).padStart(6, "0");

/** Folders, images known by their extension, and TeX sources. */
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

export async function bigFolder(work: string): Promise<Row[]> {
  const corpus = path.join(work, "files", "corpus");
  log(`big folder: creating ${ENTRIES} entries…`);
  await makeCorpus(corpus);
  const server = await startServer(work);
  try {
    const pid = server.child.pid!;
    const token = await login(server.base, "admin", server.password);
    // The search index reads the new folder first (names, then the words of 97,500 files).
    await searchIndexReady(server.base, token);
    await waitQuiet(pid);

    log("big folder: listing through the API and with readdir+stat…");
    const url = `${server.base}/api/resources/corpus/`;
    const fetchListing = async () => {
      const res = await fetch(url, { headers: { "X-Auth": token } });
      if (!res.ok) throw new Error(`listing failed: ${res.status}`);
      return res;
    };
    const list = async () => void (await (await fetchListing()).arrayBuffer());
    // Checked once, untimed: the client's parsing of the JSON is not the server's work.
    const items = ((await (await fetchListing()).json()) as { items: unknown[] }).items.length;
    if (items !== ENTRIES) throw new Error(`the listing has ${items} items, not ${ENTRIES}`);
    const rounds = Math.max(RUNS, 5);
    const unchanged = await paired(
      () => timed(list),
      () => timed(() => readdirAndStat(corpus)),
      { rounds },
    );
    // The same folder just after a change made outside the app (read again, not from the cache).
    let changes = 0;
    const afterChange = await paired(
      async () => {
        await writeFile(path.join(corpus, `c${pad(ENTRIES - 1)}.tex`), `changed ${changes++}\n`);
        await new Promise((r) => setTimeout(r, 300));
        return timed(list);
      },
      () => timed(() => readdirAndStat(corpus)),
      { rounds },
    );

    const before = await rss(pid);
    for (let i = 0; i < 10; i++) await list();
    await new Promise((r) => setTimeout(r, 1000));
    const after = await rss(pid);
    const growth = after - before;

    log("big folder: Chromium…");
    // Debian's Chromium, installed as .ci/run installs it when missing (never skipped).
    ensureTools(["chromium"]);
    const bundle = await measureBundle(server.base);
    const view = await measureFolderInBrowser(
      server.base,
      "admin",
      server.password,
      "/files/corpus/",
      rounds,
    );
    const open = pairRounds(
      view.open.map((r) => r.firstItemMs),
      view.open.map((r) => r.apiMs),
    );
    const scroll = pairRounds(
      view.scroll.map((r) => r.folder.longestFrameMs),
      view.scroll.map((r) => r.still.longestFrameMs),
    );
    const fps = (side: "folder" | "still") => median(view.scroll.map((r) => r[side].fps));
    const entries = ENTRIES.toLocaleString("en");

    return [
      {
        figure: `Listing a ${entries}-entry folder (unchanged)`,
        ours: fmtMs(unchanged.ours),
        baseline: `${fmtMs(unchanged.baseline)} (readdir+stat)`,
        ratio: unchanged.ratio,
        spread: unchanged.spread,
        goal: "≤ 1.1×",
        met: unchanged.ratio <= 1.1,
      },
      {
        figure: `Listing it again after a change (read afresh)`,
        ours: fmtMs(afterChange.ours),
        baseline: `${fmtMs(afterChange.baseline)} (readdir+stat)`,
        ratio: afterChange.ratio,
        spread: afterChange.spread,
        goal: "≤ 1.1×",
        met: afterChange.ratio <= 1.1,
      },
      {
        figure: `Server RSS growth over 10 listings of ${entries}`,
        ours: `${growth >= 0 ? "+" : ""}${mib(growth).toFixed(1)} MiB (${mib(after).toFixed(0)} MiB)`,
        baseline: `${mib(before).toFixed(0)} MiB before them`,
        ratio: null,
        goal: "no growth (≤ +8 MiB)",
        met: mib(growth) <= 8,
      },
      {
        figure: "Web: JavaScript before the login form is usable",
        ours: `${(bundle.gzipBytes / 1000).toFixed(0)} KB gzipped (${bundle.files} files, ${(bundle.rawBytes / 1000).toFixed(0)} KB raw)`,
        baseline: "—",
        ratio: null,
        goal: "≤ 150 KB gzipped",
        met: bundle.gzipBytes <= 150_000,
      },
      {
        figure: `Web: ${entries}-entry folder, open to first item`,
        ours: fmtMs(open.ours),
        baseline: `${fmtMs(open.baseline)} (API call alone)`,
        ratio: open.ratio,
        spread: open.spread,
        goal: "≤ 2× the API call alone",
        met: open.ratio <= 2,
      },
      {
        // The goal is the frame itself; the ratio to the static page shows what is ours.
        figure: `Web: scrolling the ${entries}-entry folder`,
        ours: `longest frame ${scroll.ours.toFixed(0)} ms, ${fps("folder").toFixed(0)} fps`,
        baseline: `longest frame ${scroll.baseline.toFixed(0)} ms, ${fps("still").toFixed(0)} fps (static page of plain rows)`,
        ratio: scroll.ratio,
        spread: scroll.spread,
        goal: "no frame > 50 ms",
        met: scroll.ours <= 50,
      },
    ];
  } finally {
    await server.stop();
  }
}
