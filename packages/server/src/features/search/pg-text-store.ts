import { foldForSearch } from "@scriptorium/shared";
import type pg from "pg";
import { inTransaction } from "../../db/postgres/in-transaction.js";
import type { StoredRow, TextMatch } from "../../db/text-index.js";

/**
 * The words of text files on PostgreSQL: the same rows as the SQLite FTS5 index (db/text-index.ts)
 * in tables of the app's schema, made here when missing (a cache, rebuilt by reading the files
 * again: never part of the migrations, so `scriptorium migrate` has nothing of it to copy).
 *
 * Matching is FTS5's, computed exactly rather than approximated by a text search configuration:
 * each row keeps `folded`, its tokens as unicode61 with `remove_diacritics 2` makes them (runs of
 * letters, digits and private-use characters, case and accents folded as `foldForSearch` does),
 * each between single spaces. A word of a query is then ` word ` (exact) or ` word` (a prefix),
 * a phrase ` w1 w2 `: LIKE patterns a pg_trgm GIN index serves.
 */

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/** A text as FTS5 tokenizes it: " tok1 tok2 … " (" " for none). */
export function foldedTokens(text: string): string {
  const tokens = foldForSearch(text).match(TOKEN) ?? [];
  return ` ${tokens.join(" ")} `;
}

/**
 * The LIKE patterns a row's `folded` must all match, as `matchExpression` (text-index.ts) builds
 * its FTS5 expression: a phrase's words adjacent and whole; else every word whole but the last,
 * a prefix. Undefined when the query has no word.
 */
export function likePatterns(terms: readonly string[]): string[] | undefined {
  const patterns: string[] = [];
  for (const term of terms) {
    const words = (term.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(
      (w) => foldForSearch(w).match(TOKEN) ?? [],
    );
    if (words.length === 0) continue;
    if (words.length > 1 && term.includes(" ")) {
      patterns.push(`% ${words.join(" ")} %`);
      continue;
    }
    words.forEach((w, i) => patterns.push(i === words.length - 1 ? `% ${w}%` : `% ${w} %`));
  }
  return patterns.length > 0 ? patterns : undefined;
}

const SCHEMA = `
  create table if not exists search_text_files (
    id bigint generated always as identity primary key,
    path text unique not null, mtime double precision not null, size bigint not null);
  create table if not exists search_text_rows (
    file_id bigint not null references search_text_files (id) on delete cascade,
    n integer not null, line integer not null, witnesses text not null, kind smallint not null,
    body text not null, folded text not null, primary key (file_id, n));
  create table if not exists search_text_lines (
    file_id bigint not null references search_text_files (id) on delete cascade,
    line integer not null, body text not null, primary key (file_id, line));`;

/** Rows inserted in one statement at most. */
const INSERT_BATCH = 2000;

/** The store of the words, over a PostgreSQL pool (every call is one or a few round trips). */
export function pgTextStore(pool: pg.Pool) {
  /** Makes the tables (and the trigram index when pg_trgm is there), one instance at a time. */
  async function ensure(): Promise<void> {
    await inTransaction(pool, async (client) => {
      await client.query("select pg_advisory_xact_lock(hashtext(current_schema() || '.search'))");
      await client.query(SCHEMA);
    });
    // Without pg_trgm, the same queries scan the rows: slower, the same results.
    await pool
      .query(
        `create index if not exists search_text_rows_folded
          on search_text_rows using gin (folded gin_trgm_ops)`,
      )
      .catch(() => undefined);
  }

  return {
    ensure,

    async stamp(path: string): Promise<{ mtime: number; size: number } | undefined> {
      const { rows } = await pool.query<{ mtime: number; size: number }>(
        "select mtime, size::float8 as size from search_text_files where path = $1",
        [path],
      );
      return rows[0];
    },

    /** Replaces the rows of a file, in one transaction. */
    async put(path: string, mtime: number, size: number, rows: readonly StoredRow[]) {
      await inTransaction(pool, async (client) => {
        const { rows: ids } = await client.query<{ id: number }>(
          `insert into search_text_files (path, mtime, size) values ($1, $2, $3)
          on conflict (path) do update set mtime = excluded.mtime, size = excluded.size
          returning id`,
          [path, mtime, size],
        );
        const id = ids[0]!.id;
        await client.query("delete from search_text_rows where file_id = $1", [id]);
        await client.query("delete from search_text_lines where file_id = $1", [id]);
        // A line's source once, however many rows it gave: the first one given.
        const lines = new Map<number, string>();
        for (const row of rows) {
          if (row.context !== undefined && !lines.has(row.line)) lines.set(row.line, row.context);
        }
        for (let at = 0; at < rows.length; at += INSERT_BATCH) {
          const part = rows.slice(at, at + INSERT_BATCH);
          await client.query(
            `insert into search_text_rows (file_id, n, line, witnesses, kind, body, folded)
            select $1, * from unnest($2::int[], $3::int[], $4::text[], $5::smallint[],
              $6::text[], $7::text[])`,
            [
              id,
              part.map((_, k) => at + k),
              part.map((r) => r.line),
              part.map((r) => r.witnesses),
              part.map((r) => (r.comment ? 1 : 0)),
              part.map((r) => r.text),
              part.map((r) => foldedTokens(r.text)),
            ],
          );
        }
        if (lines.size > 0) {
          await client.query(
            `insert into search_text_lines (file_id, line, body)
            select $1, * from unnest($2::int[], $3::text[])`,
            [id, [...lines.keys()], [...lines.values()]],
          );
        }
      });
    },

    /** Forgets a file, or a folder with every file below it. */
    async removeUnder(path: string): Promise<void> {
      await pool.query("delete from search_text_files where path = $1 or starts_with(path, $2)", [
        path,
        `${path === "/" ? "" : path}/`,
      ]);
    },

    /** Rows whose tokens match every pattern, below `prefix`, in file order (as FTS5's rowid). */
    async search(
      patterns: readonly string[],
      prefix: string,
      limit: number,
      comments: boolean,
    ): Promise<TextMatch[]> {
      const likes = patterns.map((_, k) => `r.folded like $${k + 5}`).join(" and ");
      const { rows } = await pool.query<TextMatch>(
        `select f.path, r.line, r.witnesses, r.body as text, r.kind, l.body as context
          from search_text_rows r join search_text_files f on f.id = r.file_id
          left join search_text_lines l on l.file_id = r.file_id and l.line = r.line
          where r.kind = $1 and (f.path = $2 or starts_with(f.path, $3)) and ${likes}
          order by r.file_id, r.n limit $4`,
        [comments ? 1 : 0, prefix, `${prefix === "/" ? "" : prefix}/`, limit, ...patterns],
      );
      return rows;
    },

    async paths(): Promise<string[]> {
      const { rows } = await pool.query<{ path: string }>("select path from search_text_files");
      return rows.map((r) => r.path);
    },
  };
}

export type PgTextStore = ReturnType<typeof pgTextStore>;
