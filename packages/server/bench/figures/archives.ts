/**
 * A folder of 1 GiB in 1,200 files downloaded as tar.gz and as zip from `/api/raw?algo=…`,
 * against the programs a user would pick on the same cores: `tar -I pigz` (pigz deflates on
 * every core, as the server does) and 7-Zip's zip (`7zz a -tzip -mx=5 -mmt=on`, Debian's `7zip`:
 * the one zip writer in Debian that deflates on several cores, one file per thread), each into
 * /dev/null. Ours and the baseline alternate round by round, the server up all along. Each
 * archive is checked once (untimed) with `tar -tz` and `unzip -t`, and the sizes of both sides'
 * archives are shown beside their times, with the single-core `tar czf` and `zip -r -6` timed
 * once for the record.
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
  RUNS,
  searchIndexReady,
  waitQuiet,
  startServer,
  timedCommand,
  type Row,
} from "../lib/common.ts";
import { makeCorpus } from "../lib/files.ts";
import { paired, type Paired } from "../lib/paired.ts";

const SIZE_MIB = Number(process.env.BENCH_ARCHIVE_MIB ?? 1024);
const FILES = 1200;

/**
 * One download with curl into /dev/null, in ms: a new connection each time, as the baseline is a
 * new process each time (a kept-alive connection left idle while the baseline ran could be
 * closed by the server just as it was reused).
 */
function download(curl: string, url: string, token: string): number {
  return timedCommand(curl, ["-sf", "-o", "/dev/null", "-H", `X-Auth: ${token}`, url]);
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

/** One run of a command into a file: its time and the size of what it wrote. */
async function timedOutput(command: string, args: string[], cwd: string, file: string) {
  const ms = timedCommand(command, args, { stdoutTo: file, cwd });
  const { size } = await stat(file);
  await rm(file);
  return { ms, size };
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(3)} GiB`;

export async function archives(work: string, tools: Record<string, string>): Promise<Row[]> {
  const files = path.join(work, "files");
  log(`archives: writing ${SIZE_MIB} MiB in ${FILES} files…`);
  const made = await makeCorpus(path.join(files, "corpus"), SIZE_MIB, FILES);
  const pigzTar = [tools.tar!, ["-I", tools.pigz!, "-cf", "-", "-C", files, "corpus"]] as const;
  // -so: the archive on stdout; the name is required but no file is written.
  const sevenZip = [
    tools["7zz"]!,
    ["a", "-tzip", "-mx=5", "-mmt=on", "-bd", "-so", "out.zip", "corpus"],
  ] as const;

  const server = await startServer(work);
  let tgz: Paired, zip: Paired;
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
    log(`archives: tar.gz from the server and tar -I pigz, ${RUNS} rounds…`);
    tgz = await paired(
      () => Promise.resolve(download(tools.curl!, url("targz"), token)),
      () => Promise.resolve(timedCommand(pigzTar[0], [...pigzTar[1]], { stdoutTo: "/dev/null" })),
    );
    log(`archives: zip from the server and 7-Zip's zip, ${RUNS} rounds…`);
    zip = await paired(
      () => Promise.resolve(download(tools.curl!, url("zip"), token)),
      () =>
        Promise.resolve(
          timedCommand(sevenZip[0], [...sevenZip[1]], { stdoutTo: "/dev/null", cwd: files }),
        ),
    );
  } finally {
    await server.stop();
  }
  // The sizes show that speed was not bought with a worse ratio; the single-core programs are
  // timed once, for the record.
  const out = path.join(work, "size-check.out");
  const pigzRun = await timedOutput(pigzTar[0], [...pigzTar[1]], files, out);
  const sevenRun = await timedOutput(sevenZip[0], [...sevenZip[1]], files, out);
  const tarRun = await timedOutput(tools.tar!, ["czf", "-", "-C", files, "corpus"], files, out);
  const zipRun = await timedOutput(tools.zip!, ["-q", "-r", "-6", "-", "corpus"], files, out);
  const label = `${SIZE_MIB / 1024} GiB (${made.toLocaleString("en")} files)`;
  return [
    {
      figure: `tar.gz of ${label}`,
      ours: `${fmtMs(tgz.ours)} (${gib(sizes.tgz)})`,
      baseline:
        `${fmtMs(tgz.baseline)} (tar -I pigz; ${gib(pigzRun.size)}); ` +
        `single core: tar czf ${fmtMs(tarRun.ms)}, ${gib(tarRun.size)}`,
      ratio: tgz.ratio,
      spread: tgz.spread,
      goal: "≤ 1.0× time",
      met: tgz.ratio <= 1.0,
    },
    {
      figure: `zip of ${label}`,
      ours: `${fmtMs(zip.ours)} (${gib(sizes.zip)})`,
      baseline:
        `${fmtMs(zip.baseline)} (7zz -tzip -mx=5 -mmt; ${gib(sevenRun.size)}); ` +
        `single core: zip -r -6 ${fmtMs(zipRun.ms)}, ${gib(zipRun.size)}`,
      ratio: zip.ratio,
      spread: zip.spread,
      goal: "≤ 1.0× time",
      met: zip.ratio <= 1.0,
    },
  ];
}
