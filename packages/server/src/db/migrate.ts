import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { engineOf } from "./engine.js";
import { PostgresDdlPlugin } from "./postgres/ddl-plugin.js";
import * as m001 from "./migrations/001-initial.js";
import * as m002 from "./migrations/002-uploads.js";
import * as m003 from "./migrations/003-shares.js";
import * as m004 from "./migrations/004-session-clients.js";
import * as m005 from "./migrations/005-trash.js";
import * as m006 from "./migrations/006-versions.js";
import * as m007 from "./migrations/007-activity.js";
import * as m008 from "./migrations/008-app-passwords.js";
import * as m009 from "./migrations/009-webdav.js";
import * as m010 from "./migrations/010-counters.js";

/** Versioned migrations, applied in name order. Never edit one that has shipped; add a new one. */
const migrations: Record<string, Migration> = {
  "001-initial": m001,
  "002-uploads": m002,
  "003-shares": m003,
  "004-session-clients": m004,
  "005-trash": m005,
  "006-versions": m006,
  "007-activity": m007,
  "008-app-passwords": m008,
  "009-webdav": m009,
  "010-counters": m010,
};

/** Names of the migrations recorded in the database; undefined before the first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
async function recorded(db: Kysely<any>, schema?: string): Promise<Set<string> | undefined> {
  // On PostgreSQL, in our schema only: the search path may reach another installation's.
  const table = schema ? sql.id(schema, "kysely_migration") : sql.id("kysely_migration");
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? "public";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // A database that has exactly these migrations is left alone: the Migrator's introspection
  // of every table costs about 10 ms of each start. Anything else (pending migrations, or one
  // this version does not know) goes through the Migrator, which applies or reports it.
  const postgres = engineOf(db) === "postgres";
  const schema = postgres ? await currentSchema(db) : undefined;
  const done = await recorded(db, schema);
  const names = Object.keys(migrations);
  if (done?.size === names.length && names.every((name) => done.has(name))) return;
  const migrator = new Migrator({
    db: postgres ? db.withPlugin(new PostgresDdlPlugin()) : db,
    // The Migrator looks for its tables in every schema of a PostgreSQL database: it is told
    // which one is ours (the first of the search path), where another installation may share it.
    ...(schema !== undefined && { migrationTableSchema: schema }),
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}
