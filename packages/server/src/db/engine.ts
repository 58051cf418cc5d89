import { resolve } from "node:path";
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

/** The two database engines behind the same stores. */
export type Engine = "sqlite" | "postgres";

/** Whether a `--database` value names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/** The engine a Kysely instance (or a transaction of one) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * `column` names a path strictly below folder `p` ("/a" → "/a/…"; "/" → anything but "/"). SQLite
 * uses GLOB (its index serves it), the folder's `*?[` taken literally; PostgreSQL `starts_with`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function pathBelow(db: Kysely<any>, column: string, p: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  if (p === "/") return sql<boolean>`${ref} != '/'`;
  if (engineOf(db) === "postgres") return sql<boolean>`starts_with(${ref}, ${`${p}/`})`;
  return sql<boolean>`${ref} glob ${`${p.replace(/[*?[]/g, (c) => `[${c}]`)}/*`}`;
}

/**
 * After rows were inserted with their ids given (an import, `scriptorium migrate`), PostgreSQL's
 * sequence for `table.column` is moved past the largest id; SQLite's needs nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function advanceSequence(db: Kysely<any>, table: string, column: string) {
  if (engineOf(db) !== "postgres") return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
    greatest((select max(${sql.ref(column)}) from ${sql.table(table)}), 1))`.execute(db);
}

/** A `--database` value as opened: a URL as given, a SQLite file's path made absolute. */
export const databaseLocation = (value: string): string =>
  isPostgresUrl(value) ? value : resolve(value);

/**
 * Inside a transaction: waits until no other transaction (of any instance) holds the same `key`,
 * until this one ends. SQLite needs nothing: its one connection already runs transactions one at
 * a time. For check-then-write transactions that READ COMMITTED would let two sessions interleave.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function serialiseOn(trx: Kysely<any>, key: string): Promise<void> {
  if (engineOf(trx) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
