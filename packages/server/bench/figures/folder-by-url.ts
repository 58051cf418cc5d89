/**
 * A 2,000-file folder opened by its URL (a bookmark, a link from a colleague) against opened
 * from inside the app, in Chromium (issue 31, item 5): the page asks for the folder's data
 * while its bundle loads (index.html's early request), so the first item comes about as soon
 * as from inside the app, where the bundle already runs. Both measured in alternating rounds
 * (lib/paired.ts): the median of the rounds' ratios, with their spread.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { measureFolderByUrl } from "../lib/browser-app.ts";
import { fmtMs, log, median, RUNS, startServer, type Row } from "../lib/common.ts";
import { pairRounds } from "../lib/paired.ts";

const FILES = 2_000;
/** How much longer than from inside the app a folder opened by its URL may take. */
const GOAL = 1.5;

export async function folderByUrl(work: string): Promise<Row[]> {
  const folder = path.join(work, "files", "Carteggio", "lettere");
  await mkdir(folder, { recursive: true });
  const name = (i: number) => `lettera-${String(i).padStart(4, "0")}.tex`;
  for (let i = 0; i < FILES; i++) {
    await writeFile(path.join(folder, name(i)), `\\Capitolo{Lettera ${i}}\nCarissimo amico…\n`);
  }
  const server = await startServer(work);
  try {
    const rounds = Math.max(RUNS, 5);
    log(`folder by URL: ${FILES} files, Chromium, ${rounds} rounds by URL and inside the app…`);
    const view = await measureFolderByUrl(
      server.base,
      { username: "admin", password: server.password },
      {
        url: "/files/Carteggio/lettere/",
        name: "lettere",
        parentUrl: "/files/Carteggio/",
        firstName: name(0),
      },
      rounds,
    );
    const p = pairRounds(view.byUrl, view.inApp);
    const early = view.earlyRequest ? "while the page parses" : "late";
    return [
      {
        figure: `Web: ${FILES.toLocaleString("en")}-file folder opened by its URL, first item ÷ from inside the app`,
        ours: `${fmtMs(p.ours)} (data asked for ${early}; ${fmtMs(median(view.withoutEarly))} without that early request)`,
        baseline: `${fmtMs(p.baseline)} (double click in its parent)`,
        ratio: p.ratio,
        spread: p.spread,
        goal: `≤ ${GOAL}×`,
        met: p.ratio <= GOAL && view.earlyRequest,
      },
    ];
  } finally {
    await server.stop();
  }
}
