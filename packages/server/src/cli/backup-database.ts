import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase } from "../db/database.js";
import { isPostgresUrl, type Engine } from "../db/engine.js";
import { createUsersStore } from "../features/users/users.store.js";
import { runAdminProgram } from "../runner/admin-program.js";
import { findExecutable, SYSTEM_BIN } from "../runner/host.js";
import { UsageError } from "./args.js";
import { copyHashed } from "./backup-tree.js";

/** A dump or a restore of a large edition's database may take a while. */
const PG_TIMEOUT_MS = 6 * 3600_000;

export const engineOfLocation = (database: string): Engine =>
  isPostgresUrl(database) ? "postgres" : "sqlite";

/** The file name of the database in a backup folder. */
export const databaseFileOf = (engine: Engine) =>
  engine === "sqlite" ? "database.sqlite" : "database.pgdump";

/**
 * What libpq's programs get: the URL without its password (that goes in PGPASSWORD, so no
 * process listing shows it) and without the pool's own `max` parameter.
 */
function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = "";
  // Spaces as %20: libpq reads no `+` for a space (URLSearchParams would write one).
  const params = [...parsed.searchParams].filter(([key]) => key !== "max");
  parsed.search = params
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
  return { dbname: parsed.toString(), env };
}

/** pg_dump or pg_restore: on PATH (Debian's wrappers) or in the newest PostgreSQL's folder. */
async function pgProgram(name: "pg_dump" | "pg_restore"): Promise<string> {
  const onPath = (process.env.PATH ?? "").split(":").filter(Boolean);
  const versions = await readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  const newest = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `/usr/lib/postgresql/${v}/bin`);
  const found = await findExecutable(name, [...onPath, ...SYSTEM_BIN, ...newest]);
  if (!found) {
    throw new UsageError(`${name} is needed for a PostgreSQL database (Debian: postgresql-client)`);
  }
  return found;
}

async function runPg(name: "pg_dump" | "pg_restore", args: string[], env: Record<string, string>) {
  const outcome = await runAdminProgram(await pgProgram(name), args, {
    env,
    timeoutMs: PG_TIMEOUT_MS,
  });
  if (outcome.exitCode !== 0) {
    const why = outcome.stderr.trim().split("\n").slice(-3).join("; ");
    throw new UsageError(`${name} failed (${outcome.exitCode ?? "killed"}): ${why}`);
  }
}

/**
 * A consistent snapshot of the database into `dest` (a new file): SQLite's `VACUUM INTO` on a
 * read-only connection (a server may run meanwhile: it sees one transaction's state), or
 * `pg_dump --format=custom` (one snapshot as well).
 */
export async function snapshotDatabase(database: string, dest: string): Promise<void> {
  if (engineOfLocation(database) === "postgres") {
    const { dbname, env } = libpqTarget(database);
    await runPg("pg_dump", ["--format=custom", "--no-owner", `--file=${dest}`, dbname], env);
    return;
  }
  if (!existsSync(database)) throw new UsageError(`no database at ${database}`);
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(dest);
  } finally {
    db.close();
  }
}

/** Whether the database holds any user (a missing SQLite file holds none and is not made). */
export async function databaseInUse(database: string): Promise<boolean> {
  if (engineOfLocation(database) === "sqlite" && !existsSync(database)) return false;
  const db = await openDatabase(database);
  try {
    return (await createUsersStore(db).count()) > 0;
  } finally {
    await db.destroy();
  }
}

/**
 * Puts the saved database in place: SQLite's file copied beside the target, checked, then
 * renamed over it (its old WAL files removed first); PostgreSQL's dump through `pg_restore
 * --clean --if-exists` in one transaction (a failure leaves the database as it was).
 */
export async function restoreDatabase(
  saved: string,
  expected: { sha256: string; size: number },
  database: string,
): Promise<void> {
  if (engineOfLocation(database) === "postgres") {
    const { dbname, env } = libpqTarget(database);
    const args = ["--clean", "--if-exists", "--no-owner", "--single-transaction"];
    await runPg("pg_restore", [...args, "--exit-on-error", `--dbname=${dbname}`, saved], env);
    return;
  }
  const staged = `${database}.restoring`;
  await rm(staged, { force: true });
  try {
    const copied = await copyHashed(saved, staged);
    if (copied.sha256 !== expected.sha256 || copied.size !== expected.size) {
      throw new UsageError("the database in the backup changed since it was made");
    }
    for (const suffix of ["-wal", "-shm"]) await rm(database + suffix, { force: true });
    await rename(staged, database);
  } finally {
    await rm(staged, { force: true });
  }
}

/** The default folder of the server's own state for a database (SQLite: the file's folder). */
export function defaultDataDir(database: string): string | undefined {
  return engineOfLocation(database) === "sqlite" ? path.dirname(database) : undefined;
}
