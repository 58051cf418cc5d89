/**
 * `npm run bench` (after listing.ts): transfer throughput of the real server, run as the built
 * `scriptorium` command in a child process on 127.0.0.1, against the floor of standard tools on
 * the same disk. Prints three figures:
 *  - upload: 2 GiB through tus with the real tus-js-client in 10 MiB chunks, against
 *    `dd if=/dev/zero bs=1M count=2048 conv=fsync` into the same folder;
 *  - the server's RSS (VmRSS, sampled every 100 ms) before and during that upload;
 *  - archive: a tar.gz of 1 GiB of files from `GET /api/raw/<folder>?algo=targz`, against
 *    `tar czf - <folder> > /dev/null`.
 * Every temporary file is removed at the end, also on Ctrl+C; a watchdog ends a stuck run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { closeSync, createReadStream, createWriteStream, openSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { Upload } from "tus-js-client";

const MiB = 1024 * 1024;
const UPLOAD_MIB = Number(process.env.BENCH_UPLOAD_MIB ?? 2048);
const ARCHIVE_MIB = Number(process.env.BENCH_ARCHIVE_MIB ?? 1024);
const CHUNK = 10 * MiB;
const SAMPLE_MS = 100;
/** The whole run stops by itself after this long, whatever happens. */
const WATCHDOG_MS = 30 * 60_000;
const HOST = "127.0.0.1";
const BIN = fileURLToPath(new URL("../bin/scriptorium.js", import.meta.url));

let work: string | undefined;
let server: ChildProcess | undefined;

/** Synchronous, so that it also runs from signal handlers and the watchdog. */
function cleanUp(): void {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  server = undefined;
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
setTimeout(() => {
  process.stderr.write(
    `transfer bench: still running after ${WATCHDOG_MS / 60_000} min, stopping\n`,
  );
  cleanUp();
  process.exit(1);
}, WATCHDOG_MS).unref();

const log = (line: string) => process.stderr.write(`${line}\n`);
const mib = (bytes: number) => bytes / MiB;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (bytes: number, ms: number) => `${(mib(bytes) / (ms / 1000)).toFixed(0)} MiB/s`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, HOST, () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Starts the built command on 127.0.0.1; resolves with the admin password it prints. */
function startServer(
  dir: string,
  port: number,
): Promise<{ child: ChildProcess; password: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      BIN,
      "-r",
      path.join(dir, "files"),
      "-d",
      path.join(dir, "bench.db"),
      "-a",
      HOST,
      "-p",
      String(port),
    ]);
    let out = "";
    const onData = (c: Buffer) => {
      out += c.toString();
      const password = /password (\S{16}) /.exec(out)?.[1];
      if (out.includes("listening on") && password) resolve({ child, password });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** VmRSS of a process, in bytes. */
async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS every 100 ms until stopped. */
function sampleRss(pid: number): { stop: () => Promise<number[]> } {
  const samples: number[] = [];
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(async () => {
      samples.push(await rss(pid));
    });
  }, SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return samples;
    },
  };
}

/** `size` bytes of incompressible data, written in pieces; returns its sha256. */
async function makeFile(file: string, size: number): Promise<string> {
  const block = randomBytes(64 * MiB);
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let done = 0; done < size;) {
    // A copy per piece (the stream keeps it until written), each marked with its offset so no
    // two pieces of the file are the same.
    const piece = Buffer.from(block.subarray(0, Math.min(block.length, size - done)));
    if (piece.length >= 8) piece.writeDoubleLE(done, 0);
    hash.update(piece);
    done += piece.length;
    if (!out.write(piece)) await once(out, "drain");
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return hash.digest("hex");
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** The median of `samples`. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One upload with tus-js-client: POST (our server needs Upload-Length), then HEAD/PATCHes. */
async function tusUpload(base: string, token: string, file: string, target: string) {
  const size = (await stat(file)).size;
  const url = `${base}/api/tus${target}?override=true`;
  const created = await fetch(url, {
    method: "POST",
    headers: { "X-Auth": token, "Upload-Length": String(size), "Tus-Resumable": "1.0.0" },
  });
  if (created.status !== 201) throw new Error(`POST ${url}: ${created.status}`);
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

/** 1 GiB of files like a manuscript project: scans (incompressible) and TeX sources (text). */
async function makeCorpus(dir: string, totalMiB: number): Promise<number> {
  const scans = path.join(dir, "scans");
  const tex = path.join(dir, "tex");
  await mkdir(scans, { recursive: true });
  await mkdir(tex, { recursive: true });
  let files = 0;
  const scanBytes = Math.round(totalMiB * MiB * 0.75);
  for (let done = 0, i = 0; done < scanBytes; i++) {
    const size = Math.min(4 * MiB, scanBytes - done);
    await makeFile(path.join(scans, `folio-${String(i).padStart(4, "0")}r.tif`), size);
    done += size;
    files++;
  }
  const line = (n: number) =>
    `\\Unit{${n}} Arma virumque cano, Troiae qui primus ab oris ${n.toString(36)} Italiam fato\n`;
  const textBytes = totalMiB * MiB - scanBytes;
  const perFile = 256 * 1024;
  for (let done = 0, i = 0; done < textBytes; i++) {
    const parts: string[] = [];
    let length = 0;
    for (let n = i * 4000; length < Math.min(perFile, textBytes - done); n++) {
      const l = line(n);
      parts.push(l);
      length += l.length;
    }
    const data = parts.join("").slice(0, Math.min(perFile, textBytes - done));
    const out = createWriteStream(path.join(tex, `cap${String(i).padStart(4, "0")}.tex`));
    out.end(data);
    await once(out, "finish");
    done += data.length;
    files++;
  }
  return files;
}

function timedCommand(command: string, args: string[], opts: { stdoutTo?: string } = {}) {
  const fd = opts.stdoutTo ? openSync(opts.stdoutTo, "w") : undefined;
  try {
    const start = performance.now();
    const run = spawnSync(command, args, {
      stdio: ["ignore", fd ?? "ignore", "pipe"],
      maxBuffer: 1 << 20,
    });
    const ms = performance.now() - start;
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr.toString()}`);
    return ms;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Downloads a tar.gz into `tar -tvzf -`; returns how many regular files it lists. */
async function listTarGz(url: string, token: string): Promise<number> {
  const tar = spawn("tar", ["-tvzf", "-"], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  tar.stdout.on("data", (c: Buffer) => (out += c.toString()));
  const exited = once(tar, "exit");
  const res = await fetch(url, { headers: { "X-Auth": token } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  await pipeline(res.body, tar.stdin);
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`tar -tz exited ${code}`);
  return out.split("\n").filter((line) => line.startsWith("-")).length; // regular files
}

async function main(): Promise<void> {
  work = await mkdtemp(path.join(tmpdir(), "scriptorium-bench-transfer-"));
  const files = path.join(work, "files");
  await mkdir(path.join(files, "uploads"), { recursive: true });
  const port = await freePort();
  const started = await startServer(work, port);
  server = started.child;
  const pid = server.pid!;
  const base = `http://${HOST}:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: started.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const token = await login.text();

  // --- Upload: 2 GiB through tus, against dd of the same size on the same disk.
  const uploadBytes = UPLOAD_MIB * MiB;
  const source = path.join(work, "source.bin");
  log(`writing a ${UPLOAD_MIB} MiB source file in ${work}…`);
  const sourceSha = await makeFile(source, uploadBytes);

  const idle = sampleRss(pid);
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = median(await idle.stop());

  log(`uploading ${UPLOAD_MIB} MiB with tus-js-client in ${CHUNK / MiB} MiB chunks…`);
  const during = sampleRss(pid);
  let start = performance.now();
  await tusUpload(base, token, source, "/uploads/manuscript.bin");
  const uploadMs = performance.now() - start;
  const samples = await during.stop();
  const peak = Math.max(...samples);
  const uploaded = path.join(files, "uploads", "manuscript.bin");
  const uploadOk = (await sha256File(uploaded)) === sourceSha;
  await rm(uploaded);
  await rm(source);

  log(`dd of ${UPLOAD_MIB} MiB with conv=fsync into the same folder…`);
  const ddFile = path.join(files, "uploads", "dd.bin");
  const ddMs = timedCommand("dd", [
    "if=/dev/zero",
    `of=${ddFile}`,
    "bs=1M",
    `count=${UPLOAD_MIB}`,
    "conv=fsync",
  ]);
  await rm(ddFile);

  // --- Archive: tar.gz of 1 GiB of files from the server, against tar czf.
  const corpus = path.join(files, "corpus");
  log(`writing ${ARCHIVE_MIB} MiB of files in ${corpus}…`);
  const fileCount = await makeCorpus(corpus, ARCHIVE_MIB);

  log("downloading the folder as tar.gz from the server…");
  const archiving = sampleRss(pid);
  start = performance.now();
  const res = await fetch(`${base}/api/raw/corpus?algo=targz`, { headers: { "X-Auth": token } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  let archiveBytes = 0;
  for await (const chunk of res.body) archiveBytes += (chunk as Uint8Array).length;
  const serverArchiveMs = performance.now() - start;
  const archivePeak = Math.max(...(await archiving.stop()));

  log("tar czf - of the same folder…");
  const tarMs = timedCommand("tar", ["czf", "-", "-C", files, "corpus"], { stdoutTo: "/dev/null" });

  // Untimed: the server's archive, downloaded again, lists every file to `tar -tz`.
  log("checking the server's tar.gz with tar -tz…");
  const listed = await listTarGz(`${base}/api/raw/corpus?algo=targz`, token);
  const archiveOk = listed === fileCount;

  process.stdout.write(
    `upload ${UPLOAD_MIB} MiB via tus (tus-js-client, ${CHUNK / MiB} MiB chunks): ` +
      `server ${secs(uploadMs)} (${rate(uploadBytes, uploadMs)}), ` +
      `dd conv=fsync ${secs(ddMs)} (${rate(uploadBytes, ddMs)}), ` +
      `ratio ${(uploadMs / ddMs).toFixed(2)}; sha256 ${uploadOk ? "ok" : "MISMATCH"}\n` +
      `server RSS during the upload: baseline ${mib(baseline).toFixed(0)} MiB before it, ` +
      `peak ${mib(peak).toFixed(0)} MiB (+${mib(peak - baseline).toFixed(0)} MiB; ` +
      `${samples.length} samples of VmRSS every ${SAMPLE_MS} ms)\n` +
      `archive tar.gz of ${ARCHIVE_MIB} MiB (${fileCount} files): ` +
      `server ${secs(serverArchiveMs)} (${rate(ARCHIVE_MIB * MiB, serverArchiveMs)}, ` +
      `${mib(archiveBytes).toFixed(0)} MiB out, RSS peak ${mib(archivePeak).toFixed(0)} MiB), ` +
      `tar czf - > /dev/null ${secs(tarMs)} (${rate(ARCHIVE_MIB * MiB, tarMs)}), ` +
      `ratio ${(serverArchiveMs / tarMs).toFixed(2)}; ` +
      `tar -tz lists ${listed} files: ${archiveOk ? "ok" : "MISMATCH"}\n`,
  );
  if (!uploadOk || !archiveOk) process.exitCode = 1;
}

try {
  await main();
} finally {
  if (server && server.exitCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  cleanUp();
}
