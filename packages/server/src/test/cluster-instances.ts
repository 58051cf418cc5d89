/**
 * The multi-instance test's harness: the built `scriptorium` command started as several processes
 * on one PostgreSQL database and one files folder, and Debian's nginx in front of them (round
 * robin), each in a temporary folder and stopped at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../crash/server-process.js";
import { nginxRoundRobin, type Nginx } from "./nginx-round-robin.js";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const HOST = "127.0.0.1";

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
export async function nginxBefore(dir: string, ports: number[]): Promise<Nginx> {
  return nginxRoundRobin(dir, ports, await freePort());
}
