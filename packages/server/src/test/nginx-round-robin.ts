/**
 * Debian's nginx in the foreground from a generated configuration in `dir` (never the system's),
 * on `port` of 127.0.0.1, round robin over `ports`: the load balancer of the multi-instance test
 * and of the bench's PostgreSQL rows. Imports nothing of ours, so the bench (on Node's type
 * stripping) can use it too.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const HOST = "127.0.0.1";
const NGINX = "/usr/sbin/nginx";

export interface Nginx {
  base: string;
  child: ChildProcess;
  /** Graceful stop (SIGQUIT), resolved once nginx has exited. */
  stop(): Promise<void>;
}

/** Starts nginx and waits until it answers `/health`; fails clearly when nginx is absent. */
export async function nginxRoundRobin(dir: string, ports: number[], port: number): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error("this needs Debian's nginx (apt-get install nginx)");
  }
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
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
