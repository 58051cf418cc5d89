/**
 * A 2 GiB resumable upload through tus in 10 MiB chunks, against a bare Node HTTP server piping
 * a PUT body to disk with fsync. The same client sends both: curl, `-T` of the file for the PUT,
 * and for ours a POST, then one curl process sending the file's 10 MiB pieces (cut beforehand
 * with `split`) as PATCHes on one connection. (A client written in Node, in this process or in
 * one of its own, cost more of the two cores than curl did, and the figure compared clients:
 * 0.78-1.02× with one, 1.3× with the other on other days.) The real tus-js-client uploads too,
 * for information. And the server's RSS growth during the upload (VmRSS every 100 ms).
 *
 * The PUT and our upload take turns in each round, the first changing each round, each after a
 * `sync`; the ratio is the median of the rounds' ratios with its spread (lib/paired.ts), over
 * NOISY_RUNS rounds: a round's ratio swung from 0.75 to 1.51 within one run (the 2 GiB fsync
 * at each side's end is the disk's to time), and the median of three moved a row that met its
 * goal in one run below it in the next.
 */
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Upload } from "tus-js-client";
import {
  baselineScript,
  fmtRate,
  freePort,
  HOST,
  log,
  login,
  median,
  mib,
  MiB,
  NOISY_RUNS,
  RUNS,
  runToEnd,
  sampleRss,
  startListening,
  startServer,
  stopChild,
  timedCommand,
  type Row,
} from "../lib/common.ts";
import { makeFile, sha256File } from "../lib/files.ts";
import { pairRounds } from "../lib/paired.ts";

const SIZE_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 2048);
const CHUNK = 10 * MiB;

/** One upload with tus-js-client: POST (our server needs Upload-Length), then PATCHes. */
async function tusUpload(base: string, token: string, file: string, target: string) {
  const { url } = await createUpload(base, token, file, target);
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      uploadUrl: url,
      headers: { "X-Auth": token },
      chunkSize: CHUNK,
      retryDelays: [0, 1000, 3000],
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
}

/** POST of a tus upload of `file` to `target` (our server needs Upload-Length): its URL. */
async function createUpload(base: string, token: string, file: string, target: string) {
  const size = (await stat(file)).size;
  const url = `${base}/api/tus${target}?override=true`;
  const created = await fetch(url, {
    method: "POST",
    headers: { "X-Auth": token, "Upload-Length": String(size), "Tus-Resumable": "1.0.0" },
  });
  if (created.status !== 201) throw new Error(`POST ${url}: ${created.status}`);
  return { size, url };
}

/**
 * A curl config sending every chunk file as one PATCH at its offset, in order, on one
 * connection (curl's `next` between them). `Expect:` is sent empty here as for the PUT.
 */
function patchesConfig(url: string, token: string, chunks: string[]): string {
  const quote = (v: string) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  return chunks
    .map((chunk, k) =>
      [
        `url = ${quote(url)}`,
        "request = PATCH",
        "fail",
        "silent",
        "output = /dev/null",
        `header = ${quote(`X-Auth: ${token}`)}`,
        'header = "Tus-Resumable: 1.0.0"',
        `header = ${quote(`Upload-Offset: ${k * CHUNK}`)}`,
        'header = "Content-Type: application/offset+octet-stream"',
        'header = "Expect:"',
        `upload-file = ${quote(chunk)}`,
      ].join("\n"),
    )
    .join("\nnext\n");
}

export async function upload(work: string, tools: Record<string, string>): Promise<Row[]> {
  const size = SIZE_MIB * MiB;
  const uploads = path.join(work, "files", "uploads");
  await mkdir(uploads, { recursive: true });
  const source = path.join(work, "source.bin");
  log(`upload: writing a ${SIZE_MIB} MiB source file…`);
  const sourceSha = await makeFile(source, size);
  // Our client is curl too: one PATCH per 10 MiB chunk file, cut from the source here.
  const chunkDir = path.join(work, "chunks");
  await mkdir(chunkDir);
  const split = spawnSync("split", [
    "-b",
    String(CHUNK),
    "-d",
    "-a",
    "4",
    source,
    `${chunkDir}/c-`,
  ]);
  if (split.status !== 0) throw new Error(`split: ${split.stderr.toString()}`);
  const chunks = (await readdir(chunkDir)).sort().map((name) => path.join(chunkDir, name));

  // The runs of both sides take turns, so a change in the machine's load weighs on both.
  log(
    `upload: ${NOISY_RUNS} rounds of a PUT with curl -T to a bare Node server and uploads through tus…`,
  );
  const server = await startServer(work);
  const port = await freePort();
  const target = path.join(uploads, "put.bin");
  const bare = await startListening(process.execPath, [
    baselineScript("put-to-disk.ts"),
    target,
    String(port),
  ]);
  const times: number[] = [];
  const clientTimes: number[] = [];
  const floorTimes: number[] = [];
  let growth = 0;
  try {
    const pid = server.child.pid!;
    const token = await login(server.base, "admin", server.password);
    const uploaded = path.join(uploads, "manuscript.bin");
    const config = path.join(work, "patches.curlrc");
    const floor = async () => {
      floorTimes.push(
        timedCommand(tools.curl!, [
          "-sf",
          "-o",
          "/dev/null",
          "-H",
          "Expect:",
          "-T",
          source,
          `http://${HOST}:${port}/`,
        ]),
      );
      if ((await stat(target)).size !== size)
        throw new Error("the PUT baseline wrote a short file");
      await rm(target);
    };
    const ours = async (i: number) => {
      const idle = sampleRss(pid);
      await new Promise((r) => setTimeout(r, 500));
      const before = median(await idle.stop());
      const during = sampleRss(pid);
      const start = performance.now();
      const { url } = await createUpload(server.base, token, source, "/uploads/manuscript.bin");
      await writeFile(config, patchesConfig(url, token, chunks));
      await runToEnd(tools.curl!, ["-K", config]);
      times.push(performance.now() - start);
      growth = Math.max(growth, Math.max(...(await during.stop())) - before);
      if (i === 0 && (await sha256File(uploaded)) !== sourceSha) {
        throw new Error("the uploaded file differs from its source");
      }
      await rm(uploaded);
    };
    for (let i = 0; i < NOISY_RUNS; i++) {
      // Each side starts with no dirty pages and no deleted file still being freed from the
      // side before it (written back and freed outside the timing), and the side that goes
      // first changes each round.
      for (const side of i % 2 === 0 ? ["floor", "ours"] : ["ours", "floor"]) {
        spawnSync("sync");
        if (side === "floor") await floor();
        else await ours(i);
      }

      // tus-js-client, for information, in the first RUNS rounds only.
      if (i >= RUNS) continue;
      const withClient = performance.now();
      await tusUpload(server.base, token, source, "/uploads/manuscript.bin");
      clientTimes.push(performance.now() - withClient);
      if (i === 0 && (await sha256File(uploaded)) !== sourceSha) {
        throw new Error("the file uploaded by tus-js-client differs from its source");
      }
      await rm(uploaded);
    }
  } finally {
    await server.stop();
    await stopChild(bare);
    await rm(source, { force: true });
    await rm(chunkDir, { recursive: true, force: true });
  }

  // Throughput against the floor's, per round (the floor's time over ours).
  const p = pairRounds(times, floorTimes, (ours, floor) => floor / ours);
  return [
    {
      figure: `Resumable upload of ${SIZE_MIB / 1024} GiB in ${CHUNK / MiB} MiB chunks`,
      ours: `${fmtRate(size, p.ours)} (curl, a PATCH per chunk; tus-js-client: ${fmtRate(size, median(clientTimes))})`,
      baseline: `${fmtRate(size, p.baseline)} (Node PUT to disk + fsync, curl -T)`,
      ratio: p.ratio,
      spread: p.spread,
      goal: "≥ 0.9× throughput",
      met: p.ratio >= 0.9,
    },
    {
      figure: "Server RSS growth during that upload",
      ours: `+${mib(growth).toFixed(0)} MiB (the largest of ${NOISY_RUNS} uploads)`,
      baseline: "—",
      ratio: null,
      goal: "≤ 64 MiB",
      met: mib(growth) <= 64,
    },
  ];
}
