import { foldForSearch, isAscii, type ParsedQuery } from "@scriptorium/shared";
import type pg from "pg";
import { inTransaction } from "../../db/postgres/in-transaction.js";
import { extensionOf, kindNamed, kindOf } from "./entry-kind.js";

/**
 * The names of every entry under the server's root on PostgreSQL, shared by every instance: one
 * row per entry (the root excepted), by its path ("/a/b.tex", "/"-separated from the root),
 * with its name folded as the in-memory index folds it (`foldForSearch`) under a pg_trgm GIN
 * index, so that `folded LIKE '%term%'` is an index lookup. A cache made here when missing,
 * written by the indexer only (pg-name-index.ts), never part of the migrations.
 */

const SCHEMA = `
  create table if not exists search_names (
    path text collate "C" primary key, name text not null, folded text not null,
    dir boolean not null, kind smallint not null, ext text not null,
    modified double precision not null);
  alter table search_names add column if not exists modified_s bigint
    generated always as (floor(modified / 1000)::bigint) stored;
  create index if not exists search_names_by_age
    on search_names (modified_s desc, path) include (folded, dir, kind, ext);
  drop index if exists search_names_newest;
  create table if not exists search_names_state (
    id smallint primary key, ready boolean not null);`;

/** One entry as stored. */
export interface NameRow {
  path: string;
  isDir: boolean;
  modified: number;
}

/** A hit of a query: its path from the root, whether a folder, and its rank. */
export interface NameHit {
  path: string;
  dir: boolean;
  /** 0: every term in the name; 1: some term. */
  rank: number;
}

/** Rows asked for at a time (the answers' limit: one page unless the user's filters drop some). */
const PAGE = 10_000;

/** `term` matched literally anywhere by LIKE (its `%`, `_` and `\` escaped). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The last component of a path. */
const nameOf = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** Paths strictly below folder `p`: from "p/" (inclusive) to "p0" ("0" follows "/" in C order). */
function belowRange(p: string): [string, string] {
  const base = p === "/" ? "" : p;
  return [`${base}/`, `${base}0`];
}

export function pgNameStore(pool: pg.Pool) {
  /** Makes the tables (and the trigram index when pg_trgm is there), one instance at a time. */
  async function ensure(): Promise<void> {
    await inTransaction(pool, async (client) => {
      await client.query(
        "select pg_advisory_xact_lock(hashtext(current_schema() || '.search-names'))",
      );
      await client.query(SCHEMA);
    });
    // Without pg_trgm, the same queries scan the rows: slower, the same results.
    await pool
      .query(
        `create index if not exists search_names_folded
          on search_names using gin (folded gin_trgm_ops)`,
      )
      .catch(() => undefined);
  }

  return {
    ensure,

    /** Adds or updates entries, in one statement (a row left as it is when unchanged). */
    async put(rows: readonly NameRow[]): Promise<void> {
      if (rows.length === 0) return;
      const names = rows.map((r) => nameOf(r.path));
      await pool.query(
        `insert into search_names (path, name, folded, dir, kind, ext, modified)
          select * from unnest($1::text[], $2::text[], $3::text[], $4::boolean[],
            $5::smallint[], $6::text[], $7::float8[])
          on conflict (path) do update set dir = excluded.dir, kind = excluded.kind,
            modified = excluded.modified
          where (search_names.dir, search_names.modified)
            is distinct from (excluded.dir, excluded.modified)`,
        [
          rows.map((r) => r.path),
          names,
          names.map(foldForSearch),
          rows.map((r) => r.isDir),
          rows.map((r, k) => kindOf(names[k]!, r.isDir)),
          names.map(extensionOf),
          rows.map((r) => r.modified),
        ],
      );
    },

    /** Forgets an entry and everything below it. */
    async removeUnder(p: string): Promise<void> {
      const [from, to] = belowRange(p);
      await pool.query("delete from search_names where path = $1 or (path >= $2 and path < $3)", [
        p,
        from,
        to,
      ]);
    },

    /** Stored paths after `after`, in order, `limit` of them (to walk the whole table). */
    async pathsAfter(after: string, limit: number): Promise<string[]> {
      const { rows } = await pool.query<{ path: string }>(
        "select path from search_names where path > $1 order by path limit $2",
        [after, limit],
      );
      return rows.map((r) => r.path);
    },

    /** Forgets these paths (and what is below them). */
    async removeAll(paths: readonly string[]): Promise<void> {
      if (paths.length === 0) return;
      await pool.query(
        `delete from search_names s using unnest($1::text[]) as gone (path)
          where s.path = gone.path collate "C"
            or (s.path >= (gone.path || '/') collate "C" and s.path < (gone.path || '0') collate "C")`,
        [paths],
      );
    },

    /**
     * After a whole tree is written: the trigram index's pending entries merged into it (until
     * then the planner prices it too dear and scans the table), the table vacuumed and its
     * statistics made again.
     */
    async tidy(): Promise<void> {
      await pool
        .query("select gin_clean_pending_list('search_names_folded'::regclass)")
        .catch(() => undefined);
      // Vacuumed too: its visibility map lets a search read the newest-first index alone.
      await pool.query("vacuum (analyze) search_names");
    },

    /** Whether an indexer has written the whole tree once. */
    async ready(): Promise<boolean> {
      const { rows } = await pool.query<{ ready: boolean }>(
        "select ready from search_names_state where id = 1",
      );
      return rows[0]?.ready === true;
    },

    async setReady(): Promise<void> {
      await pool.query(
        `insert into search_names_state (id, ready) values (1, true)
          on conflict (id) do update set ready = true`,
      );
    },

    /**
     * Entries strictly below `under` whose name holds a term (any) and that meet a `type:`
     * condition (any): names holding every term first, then the most recently modified, read
     * a page at a time and handed to `take` until it answers false.
     */
    async search(
      under: string,
      query: ParsedQuery,
      take: (hit: NameHit) => boolean,
      page = PAGE,
    ): Promise<void> {
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const where: string[] = [];
      if (under !== "/") {
        const [from, to] = belowRange(under);
        where.push(`path >= ${param(from)} and path < ${param(to)}`);
      }
      if (query.types.length > 0) {
        const kinds: number[] = [];
        const exts: string[] = [];
        for (const type of query.types) {
          const kind = kindNamed(type);
          if (kind !== undefined) kinds.push(kind);
          else exts.push(`.${type}`);
        }
        where.push(
          `not dir and (kind = any(${param(kinds)}::smallint[]) or ext = any(${param(exts)}::text[]))`,
        );
      }
      // Case and accents folded unless the query says case:sensitive (names as they are).
      const folded = (term: string) => `folded like ${param(containing(foldForSearch(term)))}`;
      const likes = query.terms.map((term) => {
        if (!query.caseSensitive) return folded(term);
        const exact = `name like ${param(containing(term))}`;
        // A name holding an ASCII term holds its folded form in its folded name, so the
        // trigram index narrows the rows first (without it, every name is read). Not for
        // other terms: folding a whole name can differ from folding its part (a final sigma).
        return isAscii(term) ? `(${folded(term)} and ${exact})` : exact;
      });
      // Newest first, in the order of the search_names_by_age index: a broad term walks it
      // without reading the table (an index-only scan); a rare one sorts what the trigram
      // index finds. On 1,000,000 names, 50,000 of them holding a word, the 10,000 newest
      // took 15 ms that way, against 45-50 ms with an expression index the planner cannot
      // read alone (it walked the table) or the trigram index and a sort of the 50,000.
      const n = params.length;
      const [limit, offset, inner] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`];
      const order = "order by modified_s desc, path";
      const select = (conditions: string[], columns = "path, dir", cut = limit) => {
        const all = [...where, ...conditions];
        return `select ${columns} from search_names
          ${all.length > 0 ? `where ${all.join(" and ")}` : ""} ${order} limit ${cut}`;
      };
      /** Rank 0: names holding every term (every name when there is none). */
      const queries = [{ sql: `${select(likes)} offset ${offset}`, inner: false }];
      // Rank 1, names holding some term: each term's newest names merged (every term finds its
      // own newest the cheapest way, where one filter of all the terms made the broad term's
      // walk test each of them on every name). A name holding several terms comes once per
      // term, and one holding all of them came in rank 0: both are skipped.
      if (likes.length > 1) {
        const each = likes.map((like) => `(${select([like], "path, dir, modified_s", inner)})`);
        queries.push({
          sql: `select path, dir from (${each.join(" union all ")}) as some_term
            ${order} limit ${limit} offset ${offset}`,
          inner: true,
        });
      }
      const given = new Set<string>();
      // Pages of one snapshot: the planner is told how many rows are wanted.
      await inTransaction(
        pool,
        async (client) => {
          for (const [rank, { sql, inner }] of queries.entries()) {
            for (let at = 0; ; at += page) {
              const paging = inner ? [page, at, at + page] : [page, at];
              // Rows as arrays: no object made per row of a 10,000-row page.
              const { rows } = await client.query<[string, boolean]>({
                text: sql,
                values: [...params, ...paging],
                rowMode: "array",
              });
              for (const [path, dir] of rows) {
                if (given.has(path)) continue;
                if (queries.length > 1) given.add(path);
                if (!take({ path, dir, rank })) return;
              }
              if (rows.length < page) break;
            }
          }
        },
        "begin isolation level repeatable read read only",
      );
    },
  };
}

export type PgNameStore = ReturnType<typeof pgNameStore>;
