import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import type { Database } from "./schema.js";
import { migrateToLatest } from "./migrate.js";

export type Db = Kysely<Database>;

function toSqlValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

/** Adapts node:sqlite to the better-sqlite3 shape Kysely's SqliteDialect expects. */
function adapt(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql) {
      const stmt = db.prepare(sql);
      const params = (p: readonly unknown[]) => p.map(toSqlValue);
      return {
        reader: stmt.columns().length > 0,
        all: (p) => stmt.all(...params(p)),
        run: (p) => stmt.run(...params(p)),
        iterate: (p) => stmt.iterate(...params(p)) as IterableIterator<unknown>,
      };
    },
  };
}

/**
 * Opens (creating if missing) the SQLite database at `file`, in WAL mode, with migrations applied.
 * A new database file and its folder get owner-only permissions.
 */
export async function openDatabase(file: string): Promise<Db> {
  const isNew = file !== ":memory:" && !existsSync(file);
  if (isNew) mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const raw = new DatabaseSync(file);
  raw.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  if (isNew) chmodSync(file, 0o600);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adapt(raw) }) });
  await migrateToLatest(db);
  return db;
}
