/**
 * What `scriptorium migrate`'s tests need: the built command, and fresh PostgreSQL databases (a
 * schema of the suite's server on `server-pg`, else of a private cluster the test starts).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { TEST_POSTGRES, testDatabase } from "./test-database.js";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const SCRIPT = fileURLToPath(new URL("../../../../scripts/test-postgres.mjs", import.meta.url));
const run = promisify(execFile);

/** Runs the built `scriptorium` command; resolves with its exit code and output. */
export async function cli(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

interface ClusterScript {
  startCluster(dir: string): Promise<string>;
  stopCluster(dir: string): void;
}

let cluster: { dir: string; url: string } | undefined;

/** Starts the private cluster when the suite has no PostgreSQL server of its own. */
export async function startPostgres(): Promise<void> {
  if (TEST_POSTGRES) return;
  const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-migrate-pg-"));
  const script = (await import(SCRIPT)) as ClusterScript;
  cluster = { dir, url: await script.startCluster(dir) };
}

export async function stopPostgres(): Promise<void> {
  if (!cluster) return;
  const script = (await import(SCRIPT)) as ClusterScript;
  script.stopCluster(cluster.dir);
  await rm(cluster.dir, { recursive: true, force: true });
  cluster = undefined;
}

/** A PostgreSQL database nobody used yet (a fresh schema), as a `postgres://` URL. */
export async function freshPostgres(dir: string): Promise<string> {
  const name = `m${randomBytes(6).toString("hex")}`;
  if (TEST_POSTGRES) return await testDatabase(dir, name);
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  await client.query(`create schema ${name}`).finally(() => client.end());
  const url = new URL(cluster!.url);
  url.searchParams.set("options", `-c search_path=${name},public`);
  return url.toString();
}
