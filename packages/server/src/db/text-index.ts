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
}

/** A row that matched, with the root-relative path of its file. */
export interface TextMatch extends StoredRow {
  path: string;
}

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
  db.exec(`
    PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS text_files (
      id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, mtime REAL NOT NULL, size INTEGER NOT NULL);
    CREATE VIRTUAL TABLE IF NOT EXISTS text_rows USING fts5(
      line UNINDEXED, witnesses UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2');
  `);
  const findFile = db.prepare("SELECT id, mtime, size FROM text_files WHERE path = ?");
  const insertFile = db.prepare("INSERT INTO text_files (path, mtime, size) VALUES (?, ?, ?)");
  const updateFile = db.prepare("UPDATE text_files SET mtime = ?, size = ? WHERE id = ?");
  const deleteFile = db.prepare("DELETE FROM text_files WHERE id = ?");
  const deleteRows = db.prepare("DELETE FROM text_rows WHERE rowid BETWEEN ? AND ?");
  const insertRow = db.prepare(
    "INSERT INTO text_rows (rowid, line, witnesses, body) VALUES (?, ?, ?, ?)",
  );
  const under = db.prepare("SELECT id FROM text_files WHERE path = ? OR path LIKE ? ESCAPE '\\'");
  const search = db.prepare(`
    SELECT f.path AS path, r.line AS line, r.witnesses AS witnesses, r.body AS text
    FROM text_rows r JOIN text_files f ON f.id = r.rowid / ${ROWS_PER_FILE}
    WHERE text_rows MATCH ? AND (f.path = ? OR f.path LIKE ? ESCAPE '\\')
    ORDER BY r.rowid LIMIT ?`);
  const allPaths = db.prepare("SELECT path FROM text_files");

  const dropRows = (id: number) =>
    deleteRows.run(id * ROWS_PER_FILE, id * ROWS_PER_FILE + ROWS_PER_FILE - 1);

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
          insertRow.run(id * ROWS_PER_FILE + n, row.line, row.witnesses, row.text);
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

    /** Rows matching an FTS5 expression, in files at or below `prefix`, in file order. */
    search(match: string, prefix: string, limit: number): TextMatch[] {
      const below = `${likeEscape(prefix === "/" ? "" : prefix)}/%`;
      return search.all(match, prefix, below, limit) as unknown as TextMatch[];
    },

    paths: (): string[] => (allPaths.all() as { path: string }[]).map((r) => r.path),

    close: () => db.close(),
  };
}

export type TextIndexStore = ReturnType<typeof openTextIndex>;
