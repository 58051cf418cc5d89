/**
 * The PDF viewer (issue 30): a 100-page PDF made by pdflatex, opened from its folder in
 * Chromium until its first page is drawn in the app's viewer (pdf.js), against the same page
 * drawn by poppler's `pdftoppm` at screen resolution (a native renderer on the same file), in
 * alternating rounds (one open in the app, one pdftoppm run, the side going first alternating):
 * the goal is on our median time, the ratio the median of the rounds' ratios with its spread.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fmtMs, log, RUNS, startServer, timedCommand, type Row } from "../lib/common.ts";
import { measurePdfFirstPage } from "../lib/browser-app.ts";
import { pairRounds } from "../lib/paired.ts";

const PAGES = 100;

/** A LaTeX book of PAGES pages of running text, each page ended by \newpage. */
function book(): string {
  const words = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor";
  const paragraph = Array.from({ length: 8 }, () => words).join(" ");
  const pages = Array.from(
    { length: PAGES },
    (_, i) =>
      `\\section{Caput ${i + 1}}\n${Array.from({ length: 3 }, () => paragraph).join("\n\n")}\n\\newpage\n`,
  );
  return `\\documentclass{article}\n\\begin{document}\n${pages.join("")}\\end{document}\n`;
}

export async function pdfViewer(work: string): Promise<Row[]> {
  const folder = path.join(work, "files", "libri");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "liber.tex"), book());
  log(`pdf viewer: pdflatex on a ${PAGES}-page book…`);
  const tex = spawnSync("pdflatex", ["-interaction=nonstopmode", "liber.tex"], { cwd: folder });
  if (tex.status !== 0) throw new Error(`pdflatex failed: ${tex.stdout.toString().slice(-500)}`);
  const info = spawnSync("pdfinfo", [path.join(folder, "liber.pdf")]).stdout.toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  if (pages < PAGES) throw new Error(`the book has ${pages} pages, not ${PAGES}`);

  const pdftoppm = () =>
    timedCommand("pdftoppm", ["-f", "1", "-l", "1", "-r", "96", "-png", "liber.pdf", "p"], {
      cwd: folder,
    });
  const server = await startServer(work);
  try {
    log(`pdf viewer: Chromium and pdftoppm, ${RUNS} rounds…`);
    const { coldMs, oursRounds, baselineRounds } = await measurePdfFirstPage(
      server.base,
      { username: "admin", password: server.password },
      "/files/libri/",
      "liber.pdf",
      RUNS,
      pdftoppm,
    );
    const p = pairRounds(oursRounds, baselineRounds);
    return [
      {
        figure: `Web: first page of a ${pages}-page PDF in the app (open to drawn)`,
        ours: `${fmtMs(p.ours)} (median of ${RUNS}; first open, viewer not cached: ${fmtMs(coldMs)})`,
        baseline: `${fmtMs(p.baseline)} (pdftoppm, page 1 at 96 dpi)`,
        ratio: p.ratio,
        spread: p.spread,
        goal: "≤ 1 s",
        met: p.ours <= 1000 && coldMs <= 1000,
      },
    ];
  } finally {
    await server.stop();
  }
}
