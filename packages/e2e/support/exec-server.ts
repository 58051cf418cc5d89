import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cli, freePort, startServer } from "./server.js";

/** A server of its own started with `enableExec` on (a server flag, not a settings field). */
export interface ExecServer {
  url: string;
  db: string;
  root: string;
  adminPassword: string;
  child: ChildProcess;
  dir: string;
}

export async function startExecServer(): Promise<ExecServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "scriptorium-e2e-exec-"));
  const db = path.join(dir, "scriptorium.db");
  const root = path.join(dir, "files");
  mkdirSync(root);
  cli(["config", "init", "-d", db, "--enableExec", "--branding.name=Scriptorium"]);
  const port = await freePort();
  const { child, adminPassword } = await startServer(["-r", root, "-d", db, "-p", String(port)]);
  if (!adminPassword) throw new Error("the server did not print the admin password");
  return { url: `http://127.0.0.1:${port}`, db, root, adminPassword, child, dir };
}

export function stopExecServer(server: ExecServer | undefined): void {
  if (!server) return;
  server.child.kill("SIGTERM");
  rmSync(server.dir, { recursive: true, force: true });
}

let counter = 0;

/** A user of that server whose scope `/<username>` holds `files` (relative path → content). */
export function execUser(
  server: ExecServer,
  files: Record<string, string>,
  flags: string[],
): { username: string; password: string } {
  counter += 1;
  const username = `sh${Date.now().toString(36)}${counter}`;
  const password = `pw-${username}-long`;
  const base = ["-d", server.db, "-r", server.root, "--scope", `/${username}`];
  cli(["users", "add", username, password, ...base, ...flags]);
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(server.root, username, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return { username, password };
}
