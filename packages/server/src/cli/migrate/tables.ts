import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** How one table is copied: its primary key (for reading in order) and its generated id. */
export interface TableSpec {
  key: readonly string[];
  /** The autoincrement column whose PostgreSQL sequence is moved past the copied ids. */
  serial?: string;
}

/**
 * Tables of transient state that an installation rebuilds by itself (counters, running jobs):
 * listed here, with why, they are not copied. `attempts`: failed logins and share passwords in
 * the current window; `running`: tool runs in progress (the server is stopped for a migration).
 */
const TRANSIENT = ["attempts", "running"] as const satisfies readonly (keyof Database)[];
type Transient = (typeof TRANSIENT)[number];

/**
 * Every table of `Database`, in foreign-key order (a table after those it references). The
 * `satisfies` makes a table added to the schema fail the type check until it is listed here.
 */
const SPECS = {
  settings: { key: ["key"] },
  users: { key: ["id"], serial: "id" },
  sessions: { key: ["id"] },
  uploads: { key: ["target"] },
  shares: { key: ["hash"] },
  share_activity: { key: ["id"], serial: "id" },
  trash: { key: ["id"] },
  versions: { key: ["id"] },
  version_blobs: { key: ["hash"] },
  activity: { key: ["id"], serial: "id" },
  app_passwords: { key: ["id"], serial: "id" },
  dav_locks: { key: ["token"] },
  dav_props: { key: ["path", "ns", "name"] },
} as const satisfies Record<Exclude<keyof Database, Transient>, TableSpec>;

export type TableName = keyof typeof SPECS;

/** The tables copied, in the order they are copied. */
export const COPIED: readonly { name: TableName; spec: TableSpec }[] = Object.entries(SPECS).map(
  ([name, spec]) => ({ name: name as TableName, spec }),
);

/** Every table the migration knows: copied or transient (emptied by --force all the same). */
export const KNOWN: readonly string[] = [...COPIED.map((t) => t.name), ...TRANSIENT];

/** Kysely's own bookkeeping: each side has its own, written by its own migrations. */
const isBookkeeping = (name: string) => name.startsWith("kysely_migration");

/** The tables of a SQLite database (its own `sqlite_*` and Kysely's aside). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function sqliteTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'
    order by name`.execute(db);
  return rows.map((r) => r.name).filter((n) => !isBookkeeping(n));
}

/** Tables of the source the migration does not know: a table it would silently leave behind. */
export function unknownTables(tables: readonly string[]): string[] {
  return tables.filter((t) => !KNOWN.includes(t));
}
