import { sql, type Kysely } from "kysely";
import { advanceSequence } from "../../db/engine.js";
import { COPIED, KNOWN, type TableSpec } from "./tables.js";
import { batchesOf } from "./verify.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/** Data the target cannot take (PostgreSQL text refuses NUL characters), named to its row. */
export class UnmovableRow extends Error {}

/** The tables of the target that already hold rows. */
export async function tablesWithRows(target: AnyDb): Promise<string[]> {
  const full: string[] = [];
  for (const table of KNOWN) {
    const { rows } = await sql<{
      one: number;
    }>`select 1 as one from ${sql.table(table)} limit 1`.execute(target);
    if (rows.length > 0) full.push(table);
  }
  return full;
}

function keyOf(row: Record<string, unknown>, spec: TableSpec): string {
  return spec.key.map((k) => `${k}=${JSON.stringify(row[k])}`).join(", ");
}

/** Refuses a row with a NUL character in a text value, naming its table, key and column. */
function checkRow(table: string, spec: TableSpec, row: Record<string, unknown>) {
  // (checkNoNul finds those node:sqlite cuts short; this, any other.)
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === "string" && value.includes("\u0000")) {
      throw new UnmovableRow(
        `${table} row ${keyOf(row, spec)}: column ${column} holds a NUL character, ` +
          "which PostgreSQL text cannot store; correct it in the SQLite database and run again",
      );
    }
  }
}

/**
 * Refuses a source row with a NUL character in a text column. node:sqlite reads such a text only
 * up to its NUL, so the check is made in SQL, on the bytes: the copy would lose the rest silently.
 */
export async function checkNoNul(source: AnyDb): Promise<void> {
  for (const { name, spec } of COPIED) {
    const { rows: columns } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(source);
    for (const column of columns.filter((c) => /text/i.test(c.type))) {
      const { rows } = await sql<Record<string, unknown>>`
        select ${sql.join(spec.key.map((k) => sql.ref(k)))} from ${sql.table(name)}
        where instr(cast(${sql.ref(column.name)} as blob), x'00') > 0 limit 1`.execute(source);
      if (rows[0]) {
        throw new UnmovableRow(
          `${name} row ${keyOf(rows[0], spec)}: column ${column.name} holds a NUL character, ` +
            "which PostgreSQL text cannot store; correct it in the SQLite database and run again",
        );
      }
    }
  }
}

/**
 * Copies every table from `source` to `target` in one transaction on the target, ids kept, then
 * moves the target's sequences past them. With `empty`, the target's tables are emptied first
 * (in the same transaction). `progress` hears each table's count once copied.
 */
export async function copyAll(
  source: AnyDb,
  target: AnyDb,
  empty: boolean,
  progress: (table: string, rows: number) => void,
): Promise<void> {
  await target.transaction().execute(async (trx) => {
    if (empty) {
      for (const table of [...KNOWN].reverse()) await trx.deleteFrom(table).execute();
    }
    for (const { name, spec } of COPIED) {
      let count = 0;
      for await (const rows of batchesOf(source, name, spec)) {
        for (const row of rows) checkRow(name, spec, row);
        await trx.insertInto(name).values(rows).execute();
        count += rows.length;
      }
      if (spec.serial) await advanceSequence(trx, name, spec.serial);
      progress(name, count);
    }
  });
}
