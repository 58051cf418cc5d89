import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../../", import.meta.url));
export const BIN = path.join(REPO, "packages/server/bin/scriptorium.js");

/** Runs `scriptorium …` synchronously (config and users commands). */
export function cli(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * Starts the real built server and resolves once it listens, with the admin password it
 * printed on first start.
 */
export function startServer(
  args: string[],
): Promise<{ child: ChildProcess; adminPassword: string | undefined }> {
  return new Promise((resolve, reject) => {
    // Every test logs in from this one address, faster than people do: the per-address login
    // limit (30 a minute by default) is raised for the suite (--login-limit).
    const child = spawn(process.execPath, [BIN, "--login-limit", "1000", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, SCRIPTORIUM_LOG_LEVEL: "warn" },
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on http/.test(out)) {
        clearTimeout(timer);
        resolve({ child, adminPassword: /password (\S{16}) /.exec(out)?.[1] });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}
