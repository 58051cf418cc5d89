import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import type { Database } from "./schema.js";
import { isPostgresUrl } from "./engine.js";
import { migrateToLatest } from "./migrate.js";
import { openPostgres } from "./postgres/open-postgres.js";
import { registerGeneration } from "./read-cache.js";

export type Db = Kysely<Database>;

function toSqlValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

/** Prepared statements kept per connection: most requests run the same few queries. */
const STATEMENTS = 256;

/**
 * Adapts node:sqlite to the better-sqlite3 shape Kysely's SqliteDialect expects. Statements are
 * prepared once per SQL text and reused (a request's session, user and settings lookups cost a
 * prepare each otherwise); `iterate` gets a statement of its own, as a reused one would be reset
 * under an iteration in progress. Every statement that is not a `select` counts as a change
 * (see `read-cache.ts`).
 */
function adapt(db: DatabaseSync, changed: () => void): SqliteDatabase {
  const prepared = new Map<string, ReturnType<SqliteDatabase["prepare"]>>();
  const params = (p: readonly unknown[]) => p.map(toSqlValue);
  return {
    close: () => db.close(),
    prepare(sql) {
      const known = prepared.get(sql);
      if (known) return known;
      const stmt = db.prepare(sql);
      const reads = /^\s*select\b/i.test(sql);
      const statement = {
        reader: stmt.columns().length > 0,
        all: (p: readonly unknown[]) => {
          if (!reads) changed();
          return stmt.all(...params(p));
        },
        run: (p: readonly unknown[]) => {
          if (!reads) changed();
          return stmt.run(...params(p));
        },
        iterate: (p: readonly unknown[]) => {
          if (!reads) changed();
          return db.prepare(sql).iterate(...params(p)) as IterableIterator<unknown>;
        },
      };
      if (prepared.size >= STATEMENTS) prepared.clear();
      prepared.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Opens the database at `location` with migrations applied: a PostgreSQL server when it is a
 * `postgres://` URL, else a SQLite file (see `openSqlite`).
 */
export async function openDatabase(location: string): Promise<Db> {
  if (!isPostgresUrl(location)) return await openSqlite(location);
  const db = openPostgres(location);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Opens (creating if missing) the SQLite database at `file`, in WAL mode, with migrations applied.
 * A new database file and its folder get owner-only permissions.
 */
async function openSqlite(file: string): Promise<Db> {
  const isNew = file !== ":memory:" && !existsSync(file);
  if (isNew) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const raw = new DatabaseSync(file);
  raw.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  if (isNew) chmodSync(file, 0o600);
  let changes = 0;
  // Another connection's commit is seen from the next turn of the event loop on: within one
  // turn (a request's session, user and rules lookups) the pragma is read once.
  const dataVersion = raw.prepare("PRAGMA data_version");
  let version: string | undefined;
  const versionNow = () => {
    if (version === undefined) {
      version = String(dataVersion.get()?.data_version);
      setImmediate(() => (version = undefined));
    }
    return version;
  };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: adapt(raw, () => void changes++) }),
  });
  registerGeneration(db, () => `${changes}.${versionNow()}`);
  await migrateToLatest(db);
  return db;
}
