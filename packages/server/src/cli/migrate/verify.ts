import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { TableSpec } from "./tables.js";

/** Rows read at a time, on either side. */
export const BATCH = 500;

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/**
 * The rows of `table` in primary-key order, `BATCH` at a time, each batch after the last key of
 * the one before (a row value comparison: SQLite and PostgreSQL both have it).
 */
export async function* batchesOf(db: AnyDb, table: string, spec: TableSpec): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    let query = db.selectFrom(table).selectAll();
    if (last) {
      const after = last;
      const cols = sql.join(spec.key.map((k) => sql.ref(k)));
      const vals = sql.join(spec.key.map((k) => after[k]));
      query = query.where(sql<boolean>`(${cols}) > (${vals})`);
    }
    for (const k of spec.key) query = query.orderBy(k);
    const rows = (await query.limit(BATCH).execute()) as Row[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1];
  }
}

/** One value as both engines' drivers may give it: integers as decimal text, bytes as hex. */
function normalise(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isInteger(value) ? value.toString() : value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString("hex");
  return value ?? null;
}

/** A row as JSON with its columns in name order and its values normalised. */
export function serialiseRow(row: Row): string {
  const keys = Object.keys(row).sort();
  return JSON.stringify(keys.map((k) => [k, normalise(row[k])]));
}

const MODULUS = 1n << 256n;

export interface TableSummary {
  rows: number;
  /** Hex: the SHA-256 of each row (`serialiseRow`) summed modulo 2^256. */
  checksum: string;
}

/**
 * Counts the rows of `table` and sums their SHA-256s. The sum does not depend on the order the
 * rows come in: the engines order text keys by different collations.
 */
export async function summarise(db: AnyDb, table: string, spec: TableSpec): Promise<TableSummary> {
  let rows = 0;
  let sum = 0n;
  for await (const batch of batchesOf(db, table, spec)) {
    for (const row of batch) {
      rows++;
      sum =
        (sum + BigInt(`0x${createHash("sha256").update(serialiseRow(row)).digest("hex")}`)) %
        MODULUS;
    }
  }
  return { rows, checksum: sum.toString(16).padStart(64, "0") };
}
