/**
 * The multi-instance test's harness: the built `scriptorium` command started as several processes
 * on one PostgreSQL database and one files folder, and Debian's nginx in front of them (round
 * robin), each in a temporary folder and stopped at the end.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { freePort } from "../crash/server-process.js";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const HOST = "127.0.0.1";
const NGINX = "/usr/sbin/nginx";

export { freePort };

/** Resolves once `child` printed `text`; rejects if it exits first. */
function printed(child: ChildProcess, text: string, seen: (out: string) => void = () => {}) {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    const onData = (c: Buffer) => {
      out += c.toString();
      seen(out);
      if (out.includes(text)) resolve(out);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code} before "${text}": ${out}`)));
  });
}

/** One `scriptorium` process; `kill()` is kill -9, `start()` starts it again on its port. */
export interface Instance {
  port: number;
  base: string;
  start(): Promise<string>;
  kill(): Promise<void>;
}

export async function instance(opts: {
  database: string;
  root: string;
  data: string;
}): Promise<Instance> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    base: `http://${HOST}:${port}`,
    async start() {
      child = spawn(
        process.execPath,
        [
          BIN,
          "--database",
          opts.database,
          "--root",
          opts.root,
          "--data",
          opts.data,
          "-a",
          HOST,
          "-p",
          String(port),
          // Every request comes through nginx from one address: not the limit under test.
          "--login-limit",
          "10000",
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      return printed(child, "listening on");
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((r) => running.once("exit", () => r()));
      running.kill("SIGKILL");
      await exited;
    },
  };
}

/** Debian's nginx on a free port, round robin over `ports`; fails clearly when it is absent. */
export async function nginxBefore(dir: string, ports: number[]) {
  if (!existsSync(NGINX)) {
    throw new Error("the multi-instance test needs Debian's nginx (apt-get install nginx)");
  }
  const port = await freePort();
  await mkdir(path.join(dir, "logs"), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = [
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    "events { worker_connections 256; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((n) => `  ${temp(n)}`),
    `  upstream scriptorium { ${ports.map((p) => `server ${HOST}:${p};`).join(" ")} }`,
    "  server {",
    `    listen ${HOST}:${port};`,
    "    client_max_body_size 0;",
    "    location / {",
    "      proxy_pass http://scriptorium;",
    "      proxy_http_version 1.1;",
    "      proxy_request_buffering off;",
    "      proxy_buffering off;",
    "      proxy_set_header Host $http_host;",
    "      proxy_set_header X-Forwarded-For $remote_addr;",
    "    }",
    "  }",
    "}",
  ].join("\n");
  const file = path.join(dir, "nginx.conf");
  await writeFile(file, conf);
  const global = `daemon off; pid ${path.join(dir, "nginx.pid")}; error_log ${path.join(dir, "logs", "error.log")};`;
  const check = spawnSync(NGINX, ["-p", dir, "-c", file, "-g", global, "-t"], {
    encoding: "utf8",
  });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(NGINX, ["-p", dir, "-c", file, "-g", global], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://${HOST}:${port}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://${HOST}:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
