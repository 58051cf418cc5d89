import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cli, freePort, startServer } from "./server.js";
import { buildTree } from "./tree.js";
import { STATE_ENV, type E2EState } from "./state.js";

/**
 * One real server for the suite: a temp files folder and database, signup on, the admin
 * created by the first start (its printed password is what the tests log in with).
 */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "scriptorium-e2e-"));
  const db = path.join(dir, "scriptorium.db");
  const root = path.join(dir, "files");
  cli(["config", "init", "-d", db, "--signup", "--branding.name=Scriptorium"]);
  await buildTree(root);
  const port = await freePort();
  const { child, adminPassword } = await startServer(["-r", root, "-d", db, "-p", String(port)]);
  if (!adminPassword) throw new Error("the server did not print the admin password");
  const state: E2EState = { dir, db, root, port, pid: child.pid ?? 0, adminPassword };
  const file = path.join(dir, "state.json");
  writeFileSync(file, JSON.stringify(state));
  process.env[STATE_ENV] = file;
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  child.unref();
}
