/**
 * The trash (issue 29): deleting a folder of 1,000 small files through DELETE /api/resources with
 * the trash on (the folder moves into the trash) against the same delete with `trash.days` 0
 * (removed for good). Each run deletes a fresh copy of the folder; the two sides in alternating
 * rounds (lib/paired.ts), the ratio the median of the rounds' ratios with its spread.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fmtMs, log, login, RUNS, startServer, type Row } from "../lib/common.ts";
import { paired } from "../lib/paired.ts";

const FILES = 1000;

/** A folder of FILES small files, ten per subfolder. */
async function makeFolder(at: string): Promise<void> {
  for (let i = 0; i < FILES; i++) {
    const folder = path.join(at, `liber-${Math.floor(i / 10)}`);
    if (i % 10 === 0) await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `caput-${i}.tex`), `\\section{Caput ${i}}\nTextus ${i}.\n`);
  }
}

/** Sets `trash.days`; what it was. */
async function setTrashDays(base: string, token: string, days: number): Promise<number> {
  const res = await fetch(`${base}/api/settings`, { headers: { "X-Auth": token } });
  const settings = (await res.json()) as { trash: { days: number } };
  const was = settings.trash.days;
  settings.trash.days = days;
  const put = await fetch(`${base}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": token },
    body: JSON.stringify(settings),
  });
  if (put.status !== 200) throw new Error(`PUT /api/settings: ${put.status} ${await put.text()}`);
  return was;
}

export async function trash(work: string): Promise<Row[]> {
  const files = path.join(work, "files");
  await mkdir(files, { recursive: true });
  const server = await startServer(work);
  try {
    const token = await login(server.base, "admin", server.password);
    const days = await setTrashDays(server.base, token, 0);
    if (days <= 0) throw new Error("the trash is off by default: nothing to compare");
    let n = 0;
    /** One delete of a fresh folder with `trash.days` set to `keep` (0: for good), in ms. */
    const timedDelete = async (keep: number) => {
      await setTrashDays(server.base, token, keep);
      const name = `opera-${n++}`;
      await makeFolder(path.join(files, name));
      const start = performance.now();
      const res = await fetch(`${server.base}/api/resources/${name}/`, {
        method: "DELETE",
        headers: { "X-Auth": token },
      });
      const ms = performance.now() - start;
      if (!res.ok) throw new Error(`delete: ${res.status} ${await res.text()}`);
      return ms;
    };
    const rounds = Math.max(RUNS, 5);
    const p = await paired(
      () => timedDelete(days),
      () => timedDelete(0),
      { rounds },
    );
    log(
      `trash: delete of ${FILES} files to the trash ${fmtMs(p.ours)}, for good ${fmtMs(p.baseline)} (${rounds} rounds)`,
    );
    return [
      {
        figure: `Delete of a ${FILES}-file folder, to the trash ÷ for good`,
        ours: fmtMs(p.ours),
        baseline: fmtMs(p.baseline),
        ratio: p.ratio,
        spread: p.spread,
        goal: "≤ 1.5×",
        met: p.ratio <= 1.5,
      },
    ];
  } finally {
    await server.stop();
  }
}
