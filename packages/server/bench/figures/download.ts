/**
 * A 2 GiB file downloaded over loopback with curl, whole and as one Range of its second half,
 * from our `/api/raw` against nginx (Debian's, `sendfile on`) serving the same file, started by
 * the bench on a free port, and a bare Node stream beside them. The three serve at once and each
 * round downloads from each in turn (the first of the round changes every round), so the load
 * of the machine falls on all three; the row's ratio is the median of the rounds' ratios. The
 * file is read once first, so all serve it from the page cache.
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
  RUNS,
  startListening,
  startServer,
  stopChild,
  timedCommand,
  type Row,
} from "../lib/common.ts";
import { makeFile } from "../lib/files.ts";
import { pairRounds } from "../lib/paired.ts";

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
  const curl = (url: string, extra: string[]) =>
    timedCommand(tools.curl!, ["-sf", "-o", "/dev/null", ...extra, url]);

  const port = await freePort();
  const conf = path.join(work, "nginx", "nginx.conf");
  await writeFile(conf, nginxConfig(path.join(work, "nginx"), port));
  log("download: starting nginx, a bare Node server and ours…");
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
  const nodePort = await freePort();
  const bare = await startListening(process.execPath, [
    baselineScript("node-send.ts"),
    file,
    String(nodePort),
  ]);
  const server = await startServer(work);
  const whole = { ours: [] as number[], nginx: [] as number[], node: [] as number[] };
  const range = { ours: [] as number[], nginx: [] as number[], node: [] as number[] };
  try {
    const token = await login(server.base, "admin", server.password);
    const sides = {
      ours: { url: `${server.base}/api/raw/big.bin`, auth: ["-H", `X-Auth: ${token}`] },
      nginx: { url: `http://${HOST}:${port}/big.bin`, auth: [] as string[] },
      node: { url: `http://${HOST}:${nodePort}/`, auth: [] as string[] },
    };
    const names = ["ours", "nginx", "node"] as const;
    // One untimed download from each: the file is in the page cache and every server warm.
    for (const name of names) curl(sides[name].url, sides[name].auth);
    log(`download: ${RUNS} rounds, each downloading from ours, nginx and bare Node in turn…`);
    for (let round = 0; round < RUNS; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        const side = sides[name];
        whole[name].push(curl(side.url, side.auth));
        range[name].push(curl(side.url, [...side.auth, "-r", half]));
      }
    }
  } finally {
    await server.stop();
    await stopChild(bare);
    await stopChild(nginx);
  }

  // Node has no sendfile: the bare Node server shows how much of the distance is Node's own.
  // Times in, throughput out: a round's ratio is nginx's time over ours.
  const row = (figure: string, bytes: number, times: typeof whole): Row => {
    const pair = pairRounds(times.ours, times.nginx, (ours, floor) => floor / ours);
    const node = pairRounds(times.node, times.nginx);
    return {
      figure,
      ours: fmtRate(bytes, pair.ours),
      baseline: `${fmtRate(bytes, pair.baseline)} (nginx sendfile; bare Node stream ${fmtRate(bytes, node.ours)})`,
      ratio: pair.ratio,
      spread: pair.spread,
      goal: "≥ 0.9× throughput",
      met: pair.ratio >= 0.9,
    };
  };
  return [
    row(`Download of ${SIZE_MIB / 1024} GiB over loopback`, size, whole),
    row(`Download, Range of its second half`, size / 2, range),
  ];
}
