/**
 * The trash (issue 29): deleting a folder of 1,000 small files through DELETE /api/resources with
 * the trash on (the folder moves into the trash) against the same delete with `trash.days` 0
 * (removed for good). Each run deletes a fresh copy of the folder; medians of RUNS runs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fmtMs, log, login, median, round2, RUNS, startServer, type Row } from "../lib/common.ts";

const FILES = 1000;

/** A folder of FILES small files, ten per subfolder. */
async function makeFolder(at: string): Promise<void> {
  for (let i = 0; i < FILES; i++) {
    const folder = path.join(at, `liber-${Math.floor(i / 10)}`);
    if (i % 10 === 0) await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `caput-${i}.tex`), `\\section{Caput ${i}}\nTextus ${i}.\n`);
  }
}

async function setTrashDays(base: string, token: string, days: number): Promise<void> {
  const res = await fetch(`${base}/api/settings`, { headers: { "X-Auth": token } });
  const settings = (await res.json()) as { trash: { days: number } };
  settings.trash.days = days;
  const put = await fetch(`${base}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": token },
    body: JSON.stringify(settings),
  });
  if (put.status !== 200) throw new Error(`PUT /api/settings: ${put.status} ${await put.text()}`);
}

export async function trash(work: string): Promise<Row[]> {
  const files = path.join(work, "files");
  await mkdir(files, { recursive: true });
  const server = await startServer(work);
  try {
    const token = await login(server.base, "admin", server.password);
    let n = 0;
    const timedDeletes = async () => {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const name = `opera-${n++}`;
        await makeFolder(path.join(files, name));
        const start = performance.now();
        const res = await fetch(`${server.base}/api/resources/${name}/`, {
          method: "DELETE",
          headers: { "X-Auth": token },
        });
        const ms = performance.now() - start;
        if (!res.ok) throw new Error(`delete: ${res.status} ${await res.text()}`);
        if (i > 0) times.push(ms); // the first one warms up
      }
      return median(times);
    };
    const kept = await timedDeletes();
    await setTrashDays(server.base, token, 0);
    const plain = await timedDeletes();
    log(`trash: delete of ${FILES} files to the trash ${fmtMs(kept)}, for good ${fmtMs(plain)}`);
    return [
      {
        figure: `Delete of a ${FILES}-file folder, to the trash ÷ for good`,
        ours: fmtMs(kept),
        baseline: fmtMs(plain),
        ratio: round2(kept / plain),
        goal: "≤ 1.5×",
        met: kept / plain <= 1.5,
      },
    ];
  } finally {
    await server.stop();
  }
}
