import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * One searchable piece of a text file, as stored: a line, or the reading of some witnesses on a
 * line (`features/search/text-rows.ts` makes them).
 */
export interface StoredRow {
  /** 1-based. */
  line: number;
  /** "" for running text; for a reading of a Mauro-TeX variant, its sigla ("A/B", "*"). */
  witnesses: string;
  text: string;
  /** The words of a `%` comment (searched only by `comment:` queries). */
  comment?: boolean;
  /**
   * The whole source line when it says more than `text` (Mauro-TeX: markup, other readings), on
   * one row of the line at least: it is kept once per line and shown with every row of it.
   */
  context?: string;
}

/** A row that matched, with the root-relative path of its file. */
export interface TextMatch {
  path: string;
  line: number;
  witnesses: string;
  text: string;
  /** 1 for a comment's words. */
  kind: number;
  /** The source line, when one was kept. */
  context: string | null;
}

/** The shape of the index's tables; another one found is dropped (a cache) and read again. */
const SCHEMA_VERSION = 2;

/** Row ids of one file are `id * ROWS_PER_FILE + n`: a file's rows go in one range delete. */
const ROWS_PER_FILE = 2 ** 20;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The words of text files, in SQLite FTS5 (unicode61, diacritics folded): one row per line, or
 * per reading of a Mauro-TeX variant on a line. Its own database file (a cache: it can be
 * deleted and is rebuilt), never the app's. Paths are root-relative ("/ada/a.tex").
 */
export function openTextIndex(file: string) {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
  const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
    .user_version;
  if (version !== SCHEMA_VERSION) {
    // Version 1 had no comments nor lines: its files are read again (their stamps go too).
    db.exec(`DROP TABLE IF EXISTS text_rows; DROP TABLE IF EXISTS text_lines;
      DROP TABLE IF EXISTS text_files; PRAGMA user_version = ${SCHEMA_VERSION};`);
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS text_files (
      id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, mtime REAL NOT NULL, size INTEGER NOT NULL);
    CREATE VIRTUAL TABLE IF NOT EXISTS text_rows USING fts5(
      line UNINDEXED, witnesses UNINDEXED, kind UNINDEXED, body,
      tokenize = 'unicode61 remove_diacritics 2');
    CREATE TABLE IF NOT EXISTS text_lines (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
  `);
  const findFile = db.prepare("SELECT id, mtime, size FROM text_files WHERE path = ?");
  const insertFile = db.prepare("INSERT INTO text_files (path, mtime, size) VALUES (?, ?, ?)");
  const updateFile = db.prepare("UPDATE text_files SET mtime = ?, size = ? WHERE id = ?");
  const deleteFile = db.prepare("DELETE FROM text_files WHERE id = ?");
  const deleteRows = db.prepare("DELETE FROM text_rows WHERE rowid BETWEEN ? AND ?");
  const deleteLines = db.prepare("DELETE FROM text_lines WHERE id BETWEEN ? AND ?");
  const insertRow = db.prepare(
    "INSERT INTO text_rows (rowid, line, witnesses, kind, body) VALUES (?, ?, ?, ?, ?)",
  );
  const insertLine = db.prepare("INSERT OR IGNORE INTO text_lines (id, body) VALUES (?, ?)");
  const under = db.prepare("SELECT id FROM text_files WHERE path = ? OR path LIKE ? ESCAPE '\\'");
  const search = db.prepare(`
    SELECT f.path AS path, r.line AS line, r.witnesses AS witnesses, r.body AS text,
      r.kind AS kind, l.body AS context
    FROM text_rows r JOIN text_files f ON f.id = r.rowid / ${ROWS_PER_FILE}
    LEFT JOIN text_lines l ON l.id = f.id * ${ROWS_PER_FILE} + r.line
    WHERE text_rows MATCH ? AND r.kind = ? AND (f.path = ? OR f.path LIKE ? ESCAPE '\\')
    ORDER BY r.rowid LIMIT ?`);
  const allPaths = db.prepare("SELECT path FROM text_files");

  const dropRows = (id: number) => {
    deleteRows.run(id * ROWS_PER_FILE, id * ROWS_PER_FILE + ROWS_PER_FILE - 1);
    deleteLines.run(id * ROWS_PER_FILE, id * ROWS_PER_FILE + ROWS_PER_FILE - 1);
  };

  function inTransaction(work: () => void): void {
    db.exec("BEGIN");
    try {
      work();
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }

  return {
    /** What the index knows of a file: its time and size when its words were read. */
    stamp(path: string): { mtime: number; size: number } | undefined {
      const row = findFile.get(path) as { mtime: number; size: number } | undefined;
      return row && { mtime: row.mtime, size: row.size };
    },

    /** Replaces the rows of a file. */
    put(path: string, mtime: number, size: number, rows: readonly StoredRow[]): void {
      inTransaction(() => {
        const found = findFile.get(path) as { id: number } | undefined;
        let id: number;
        if (found) {
          id = found.id;
          updateFile.run(mtime, size, id);
          dropRows(id);
        } else {
          id = Number(insertFile.run(path, mtime, size).lastInsertRowid);
        }
        rows.slice(0, ROWS_PER_FILE).forEach((row, n) => {
          insertRow.run(
            id * ROWS_PER_FILE + n,
            row.line,
            row.witnesses,
            row.comment ? 1 : 0,
            row.text,
          );
          // A line's source once, however many rows it gave (lines past the range: none).
          if (row.context !== undefined && row.line < ROWS_PER_FILE) {
            insertLine.run(id * ROWS_PER_FILE + row.line, row.context);
          }
        });
      });
    },

    /** Forgets a file, or a folder with every file below it. */
    removeUnder(path: string): void {
      const ids = under.all(path, `${likeEscape(path === "/" ? "" : path)}/%`) as { id: number }[];
      if (ids.length === 0) return;
      inTransaction(() => {
        for (const { id } of ids) {
          dropRows(id);
          deleteFile.run(id);
        }
      });
    },

    /**
     * Rows matching an FTS5 expression, in files at or below `prefix`, in file order: the
     * running text's rows, or with `comments` those of `%` comments.
     */
    search(match: string, prefix: string, limit: number, comments = false): TextMatch[] {
      const below = `${likeEscape(prefix === "/" ? "" : prefix)}/%`;
      return search.all(match, comments ? 1 : 0, prefix, below, limit) as unknown as TextMatch[];
    },

    paths: (): string[] => (allPaths.all() as { path: string }[]).map((r) => r.path),

    close: () => db.close(),
  };
}

export type TextIndexStore = ReturnType<typeof openTextIndex>;
