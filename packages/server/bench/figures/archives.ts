/**
 * A folder of 1 GiB in 1,200 files downloaded as tar.gz and as zip from `/api/raw?algo=…`,
 * against `tar czf -` and `zip -r -6 -` of the same folder into /dev/null. Each archive is
 * checked once (untimed) with `tar -tz` and `unzip -t`, and the sizes of both sides' archives
 * are shown beside their times.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  fmtMs,
  log,
  login,
  round2,
  RUNS,
  searchIndexReady,
  waitQuiet,
  startServer,
  timedCommand,
  timedMedian,
  type Row,
} from "../lib/common.ts";
import { makeCorpus } from "../lib/files.ts";

const SIZE_MIB = Number(process.env.BENCH_ARCHIVE_MIB ?? 1024);
const FILES = 1200;

async function fetchBody(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { "X-Auth": token } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/** Downloads a tar.gz into `tar -tvzf -`: how many regular files it lists, and its size. */
async function listTarGz(url: string, token: string): Promise<{ files: number; bytes: number }> {
  const tar = spawn("tar", ["-tvzf", "-"], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  tar.stdout.on("data", (c: Buffer) => (out += c.toString()));
  const exited = once(tar, "exit");
  const res = await fetch(url, { headers: { "X-Auth": token } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  const body = Readable.fromWeb(res.body as never);
  let bytes = 0;
  body.on("data", (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(body, tar.stdin);
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`tar -tz exited ${code}`);
  return { files: out.split("\n").filter((line) => line.startsWith("-")).length, bytes };
}

/** Downloads a zip to a file and tests it with `unzip -t`: how many files it holds, its size. */
async function testZip(
  url: string,
  token: string,
  file: string,
): Promise<{ files: number; bytes: number }> {
  const res = await fetch(url, { headers: { "X-Auth": token } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
  const run = spawnSync("unzip", ["-tq", file], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`unzip -t failed: ${run.stdout}${run.stderr}`);
  const list = spawnSync("unzip", ["-Z1", file], { encoding: "utf8" });
  const { size } = await stat(file);
  await rm(file);
  return {
    files: list.stdout.split("\n").filter((l) => l && !l.endsWith("/")).length,
    bytes: size,
  };
}

/** The size of what a command writes (one untimed run into a file). */
async function outputSize(command: string, args: string[], cwd: string, file: string) {
  timedCommand(command, args, { stdoutTo: file, cwd });
  const { size } = await stat(file);
  await rm(file);
  return size;
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(3)} GiB`;

export async function archives(work: string, tools: Record<string, string>): Promise<Row[]> {
  const files = path.join(work, "files");
  log(`archives: writing ${SIZE_MIB} MiB in ${FILES} files…`);
  const made = await makeCorpus(path.join(files, "corpus"), SIZE_MIB, FILES);

  const server = await startServer(work);
  let tgz, zip;
  const sizes = { tgz: 0, zip: 0 };
  try {
    const token = await login(server.base, "admin", server.password);
    await searchIndexReady(server.base, token);
    await waitQuiet(server.child.pid!);
    const url = (algo: string) => `${server.base}/api/raw/corpus?algo=${algo}`;
    log("archives: checking the server's tar.gz and zip…");
    const inTar = await listTarGz(url("targz"), token);
    const inZip = await testZip(url("zip"), token, path.join(work, "check.zip"));
    if (inTar.files !== made || inZip.files !== made) {
      throw new Error(
        `archives hold ${inTar.files} (tar.gz) and ${inZip.files} (zip) files, not ${made}`,
      );
    }
    sizes.tgz = inTar.bytes;
    sizes.zip = inZip.bytes;
    log(`archives: tar.gz and zip from the server, ${RUNS} each…`);
    tgz = await timedMedian(RUNS, () => fetchBody(url("targz"), token));
    zip = await timedMedian(RUNS, () => fetchBody(url("zip"), token));
  } finally {
    await server.stop();
  }
  log("archives: tar czf and zip -r -6…");
  const tarFloor = await timedMedian(RUNS, () =>
    Promise.resolve(
      timedCommand(tools.tar!, ["czf", "-", "-C", files, "corpus"], { stdoutTo: "/dev/null" }),
    ),
  );
  const zipFloor = await timedMedian(RUNS, () =>
    Promise.resolve(
      timedCommand(tools.zip!, ["-q", "-r", "-6", "-", "corpus"], {
        stdoutTo: "/dev/null",
        cwd: files,
      }),
    ),
  );
  // The sizes show that speed was not bought with a worse ratio.
  const out = path.join(work, "size-check.out");
  const tarSize = await outputSize(tools.tar!, ["czf", "-", "-C", files, "corpus"], files, out);
  const zipSize = await outputSize(tools.zip!, ["-q", "-r", "-6", "-", "corpus"], files, out);
  const label = `${SIZE_MIB / 1024} GiB (${made.toLocaleString("en")} files)`;
  return [
    {
      figure: `tar.gz of ${label}`,
      ours: `${fmtMs(tgz)} (${gib(sizes.tgz)})`,
      baseline: `${fmtMs(tarFloor)} (tar czf; ${gib(tarSize)})`,
      ratio: round2(tgz / tarFloor),
      goal: "≤ 1.0× time",
      met: tgz / tarFloor <= 1.0,
    },
    {
      figure: `zip of ${label}`,
      ours: `${fmtMs(zip)} (${gib(sizes.zip)})`,
      baseline: `${fmtMs(zipFloor)} (zip -r -6; ${gib(zipSize)})`,
      ratio: round2(zip / zipFloor),
      goal: "≤ 1.0× time",
      met: zip / zipFloor <= 1.0,
    },
  ];
}
