/**
 * A 2 GiB file downloaded over loopback with curl, whole and as one Range of its second half,
 * from our `/api/raw` against nginx (Debian's, `sendfile on`) serving the same file, started by
 * the bench on a free port. The file is read once first, so both serve it from the page cache.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  fmtRate,
  freePort,
  baselineScript,
  HOST,
  log,
  login,
  MiB,
  round2,
  RUNS,
  startListening,
  startServer,
  stopChild,
  timedMedian,
  timedCommand,
  type Row,
} from "../lib/common.ts";
import { makeFile } from "../lib/files.ts";

const SIZE_MIB = Number(process.env.BENCH_DOWNLOAD_MIB ?? 2048);

function nginxConfig(dir: string, port: number): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  server {
    listen ${HOST}:${port};
    root ${dir}/www;
  }
}
`;
}

export async function download(work: string, tools: Record<string, string>): Promise<Row[]> {
  const size = SIZE_MIB * MiB;
  const www = path.join(work, "nginx", "www");
  await mkdir(path.join(work, "nginx", "tmp"), { recursive: true });
  await mkdir(www, { recursive: true });
  await mkdir(path.join(work, "files"), { recursive: true });
  const file = path.join(work, "files", "big.bin");
  log(`download: writing a ${SIZE_MIB} MiB file…`);
  await makeFile(file, size);
  // nginx serves the very same file (a hard link, so one copy in the page cache).
  spawnSync("ln", [file, path.join(www, "big.bin")]);

  const half = `${size / 2}-${size - 1}`;
  const curl = (url: string, extra: string[]) => () =>
    Promise.resolve(timedCommand(tools.curl!, ["-sf", "-o", "/dev/null", ...extra, url]));

  const port = await freePort();
  const conf = path.join(work, "nginx", "nginx.conf");
  await writeFile(conf, nginxConfig(path.join(work, "nginx"), port));
  log("download: nginx…");
  // nginx prints nothing when ready: wait for its port.
  const nginx = await startListening(process.execPath, [
    "-e",
    `const { spawn } = require("node:child_process"); const net = require("node:net");
     const n = spawn(${JSON.stringify(tools.nginx)}, ["-c", ${JSON.stringify(conf)}], { stdio: "inherit" });
     process.on("SIGTERM", () => { n.kill("SIGQUIT"); });
     n.on("exit", (c) => process.exit(c ?? 0));
     const poll = () => net.connect(${port}, "127.0.0.1").on("connect", function () { this.destroy(); console.log("listening"); }).on("error", () => setTimeout(poll, 20));
     poll();`,
  ]);
  const nginxUrl = `http://${HOST}:${port}/big.bin`;
  let nginxWhole, nginxRange;
  try {
    nginxWhole = await timedMedian(RUNS, curl(nginxUrl, []));
    nginxRange = await timedMedian(RUNS, curl(nginxUrl, ["-r", half]));
  } finally {
    await stopChild(nginx);
  }

  log("download: a bare Node server…");
  const nodePort = await freePort();
  const bare = await startListening(process.execPath, [
    baselineScript("node-send.ts"),
    file,
    String(nodePort),
  ]);
  const nodeUrl = `http://${HOST}:${nodePort}/`;
  let nodeWhole, nodeRange;
  try {
    nodeWhole = await timedMedian(RUNS, curl(nodeUrl, []));
    nodeRange = await timedMedian(RUNS, curl(nodeUrl, ["-r", half]));
  } finally {
    await stopChild(bare);
  }

  log("download: our /api/raw…");
  const server = await startServer(work);
  let oursWhole, oursRange;
  try {
    const token = await login(server.base, "admin", server.password);
    const url = `${server.base}/api/raw/big.bin`;
    const auth = ["-H", `X-Auth: ${token}`];
    oursWhole = await timedMedian(RUNS, curl(url, auth));
    oursRange = await timedMedian(RUNS, curl(url, [...auth, "-r", half]));
  } finally {
    await server.stop();
  }

  // Node has no sendfile: the bare Node server shows how much of the distance is Node's own.
  const row = (figure: string, bytes: number, ours: number, floor: number, node: number): Row => ({
    figure,
    ours: fmtRate(bytes, ours),
    baseline: `${fmtRate(bytes, floor)} (nginx sendfile; bare Node stream ${fmtRate(bytes, node)})`,
    ratio: round2(floor / ours),
    goal: "≥ 0.9× throughput",
    met: floor / ours >= 0.9,
  });
  return [
    row(`Download of ${SIZE_MIB / 1024} GiB over loopback`, size, oursWhole, nginxWhole, nodeWhole),
    row(`Download, Range of its second half`, size / 2, oursRange, nginxRange, nodeRange),
  ];
}
