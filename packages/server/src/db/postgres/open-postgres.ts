import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../schema.js";

/** Connections each instance keeps at most (`?max=` in the URL changes it). */
const POOL_SIZE = 10;

/**
 * The stores were written for SQLite, which has no booleans: a boolean parameter is stored as
 * 1 or 0 there, and columns are integers on both engines. Text with U+0000: see below.
 */
const toParam = (value: unknown) => {
  if (typeof value === "boolean") return value ? 1 : 0;
  // PostgreSQL's text cannot hold U+0000: a looked-up value holding one (a name or token from a
  // request) finds nothing, as on SQLite, through a noncharacter nothing stored contains.
  if (typeof value === "string" && value.includes("\0")) return value.replaceAll("\0", "\uffff");
  return value;
};

/** 64-bit integers (ids, times in ms, sizes, counts) come back as numbers, as from SQLite. */
const INT8 = 20;
function defaultParser(oid: number): (value: string) => unknown {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- pg types its parsers as any
  return pg.types.getTypeParser(oid, "text");
}
const types = {
  getTypeParser: (oid: number) =>
    oid === INT8 ? (value: string) => Number(value) : defaultParser(oid),
};

/** The pool behind a PostgreSQL database, for the metrics (see `poolOf`). */
const pools = new WeakMap<object, pg.Pool>();

/** The connection pool of a database opened on PostgreSQL; undefined for SQLite. */
export function poolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

/** Makes `derived` (the same database with a plugin) answer `poolOf` as `db` does. */
export function samePool(db: object, derived: object): void {
  const pool = pools.get(db);
  if (pool) pools.set(derived, pool);
}

/** A pool whose clients turn boolean parameters into 1 and 0 (see `toParam`). */
function createPool(url: string): pg.Pool {
  const parsed = new URL(url);
  const max = Number(parsed.searchParams.get("max") ?? POOL_SIZE);
  parsed.searchParams.delete("max");
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max,
    types,
  });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, cb?: unknown) =>
      query(config, Array.isArray(values) ? values.map(toParam) : values, cb);
  });
  // An idle client whose server went away: the pool drops it; the next query gets a new one.
  pool.on("error", () => {});
  return pool;
}

/**
 * Opens the PostgreSQL database at `url` (migrations are applied by the caller). No read
 * generation is registered (read-cache.ts): another instance may commit at any moment, so each
 * lookup goes to the server.
 */
export function openPostgres(url: string): Kysely<Database> {
  const pool = createPool(url);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
