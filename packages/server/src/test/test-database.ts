import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";

/**
 * The PostgreSQL server the suite runs on when `SCRIPTORIUM_TEST_POSTGRES` holds its URL (the
 * `server-pg` Vitest project starts a private cluster: scripts/test-postgres.mjs); else SQLite.
 */
export const TEST_POSTGRES = process.env.SCRIPTORIUM_TEST_POSTGRES || undefined;

/** The engine this run of the suite uses. */
export const TEST_ENGINE = TEST_POSTGRES ? "postgres" : "sqlite";

const made = new Set<string>();

async function admin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A schema's URL: the same server and database, with the schema first on the search path. */
function schemaUrl(schema: string): string {
  const url = new URL(TEST_POSTGRES!);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  return url.toString();
}

/**
 * The `--database` of a test whose folder is `dir`: the SQLite file `dir/name`, or on PostgreSQL
 * a schema of its own named after `dir` and `name`, made if missing (so a test that reopens the
 * same place finds its data). Schemas made by a test file are dropped after it.
 */
export async function testDatabase(dir: string, name = "test.db"): Promise<string> {
  const file = path.join(dir, name);
  if (!TEST_POSTGRES) return file;
  const schema = `t_${createHash("sha256").update(file).digest("hex").slice(0, 24)}`;
  if (!made.has(schema)) {
    await admin((c) => c.query(`create schema if not exists ${schema}`));
    made.add(schema);
  }
  return schemaUrl(schema);
}

/** Drops the schemas this test file made (test/postgres-setup.ts calls it after each file). */
export async function dropTestDatabases(): Promise<void> {
  if (!TEST_POSTGRES || made.size === 0) return;
  const schemas = [...made];
  made.clear();
  await admin(async (c) => {
    // A connection a test left open would hold the drop: its schema stays, harmlessly.
    await c.query("set lock_timeout = '5s'");
    for (const schema of schemas) {
      await c.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    }
  });
}
