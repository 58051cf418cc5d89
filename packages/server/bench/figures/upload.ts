/**
 * A 2 GiB resumable upload through tus in 10 MiB chunks (by a client streaming each chunk from
 * the file, and by the real tus-js-client for information), against a
 * bare Node HTTP server piping a PUT body to disk with fsync, fed by `curl -T`; and the
 * server's RSS growth during the upload (VmRSS every 100 ms). The PUT and our upload take turns
 * in each round, the first changing each round, each after a `sync`; the ratio is the median of
 * the rounds' ratios with its spread (lib/paired.ts).
 */
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { Agent, request, type ClientRequest } from "node:http";
import { mkdir, open, rm, stat, type FileHandle } from "node:fs/promises";
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
  RUNS,
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

/**
 * Sends `length` bytes of `file` from `offset` into `req` through two buffers used in turn: one
 * is read into while the other is written, and a buffer is read into again only when its write
 * has reached the socket. Nothing is allocated per chunk (a read stream makes a new buffer for
 * every read, whose collection in this process competed with the server for the cores).
 */
async function sendRange(
  req: ClientRequest,
  file: FileHandle,
  offset: number,
  length: number,
  buffers: [Buffer, Buffer],
): Promise<void> {
  const writes: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  for (let sent = 0, turn = 0; sent < length; turn ^= 1) {
    await writes[turn];
    const buffer = buffers[turn]!;
    const want = Math.min(buffer.length, length - sent);
    const { bytesRead } = await file.read(buffer, 0, want, offset + sent);
    if (bytesRead !== want) throw new Error(`short read at ${offset + sent}`);
    sent += bytesRead;
    writes[turn] = new Promise((resolve, reject) =>
      req.write(buffer.subarray(0, bytesRead), (err) => (err ? reject(err) : resolve())),
    );
  }
  await Promise.all(writes);
  req.end();
}

/**
 * The same upload sent by a lean client: each 10 MiB chunk read from the file into its PATCH
 * through two reused buffers (tus-js-client in Node copies every chunk into memory first, and
 * its cost on this machine's cores showed in the figure). This one is what the server itself
 * reaches.
 */
async function streamedTusUpload(base: string, token: string, file: string, target: string) {
  const { size, url } = await createUpload(base, token, file, target);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const handle = await open(file, "r");
  const buffers: [Buffer, Buffer] = [Buffer.allocUnsafe(MiB), Buffer.allocUnsafe(MiB)];
  try {
    for (let offset = 0; offset < size; offset += CHUNK) {
      const length = Math.min(CHUNK, size - offset);
      const answer = await new Promise<string | undefined>((resolve, reject) => {
        const req = request(
          url,
          {
            method: "PATCH",
            agent,
            headers: {
              "X-Auth": token,
              "Tus-Resumable": "1.0.0",
              "Upload-Offset": String(offset),
              "Content-Type": "application/offset+octet-stream",
              "Content-Length": String(length),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () =>
              res.statusCode === 204
                ? resolve(res.headers["upload-offset"] as string | undefined)
                : reject(new Error(`PATCH at ${offset}: ${res.statusCode}`)),
            );
          },
        );
        req.on("error", reject);
        sendRange(req, handle, offset, length, buffers).catch((err: Error) => {
          req.destroy();
          reject(err);
        });
      });
      if (answer !== String(offset + length)) throw new Error(`PATCH at ${offset}: ${answer}`);
    }
  } finally {
    await handle.close();
    agent.destroy();
  }
}

export async function upload(work: string, tools: Record<string, string>): Promise<Row[]> {
  const size = SIZE_MIB * MiB;
  const uploads = path.join(work, "files", "uploads");
  await mkdir(uploads, { recursive: true });
  const source = path.join(work, "source.bin");
  log(`upload: writing a ${SIZE_MIB} MiB source file…`);
  const sourceSha = await makeFile(source, size);

  // The runs of both sides take turns, so a change in the machine's load weighs on both.
  log(
    `upload: ${RUNS} rounds of a PUT with curl -T to a bare Node server and uploads through tus…`,
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
    const floor = async () => {
      floorTimes.push(
        timedCommand(tools.curl!, [
          "-sf",
          "-o",
          "/dev/null",
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
      await streamedTusUpload(server.base, token, source, "/uploads/manuscript.bin");
      times.push(performance.now() - start);
      growth = Math.max(growth, Math.max(...(await during.stop())) - before);
      if (i === 0 && (await sha256File(uploaded)) !== sourceSha) {
        throw new Error("the uploaded file differs from its source");
      }
      await rm(uploaded);
    };
    for (let i = 0; i < RUNS; i++) {
      // Each side starts with no dirty pages and no deleted file still being freed from the
      // side before it (written back and freed outside the timing), and the side that goes
      // first changes each round.
      for (const side of i % 2 === 0 ? ["floor", "ours"] : ["ours", "floor"]) {
        spawnSync("sync");
        if (side === "floor") await floor();
        else await ours(i);
      }

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
  }

  // Throughput against the floor's, per round (the floor's time over ours).
  const p = pairRounds(times, floorTimes, (ours, floor) => floor / ours);
  return [
    {
      figure: `Resumable upload of ${SIZE_MIB / 1024} GiB in ${CHUNK / MiB} MiB chunks`,
      ours: `${fmtRate(size, p.ours)} (tus-js-client: ${fmtRate(size, median(clientTimes))})`,
      baseline: `${fmtRate(size, p.baseline)} (Node PUT to disk + fsync, curl -T)`,
      ratio: p.ratio,
      spread: p.spread,
      goal: "≥ 0.9× throughput",
      met: p.ratio >= 0.9,
    },
    {
      figure: "Server RSS growth during that upload",
      ours: `+${mib(growth).toFixed(0)} MiB (the largest of ${RUNS} uploads)`,
      baseline: "—",
      ratio: null,
      goal: "≤ 64 MiB",
      met: mib(growth) <= 64,
    },
  ];
}
