import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { Type } from "typebox";
import { openDatabase, type Db } from "../db/database.js";
import { isPostgresUrl } from "../db/engine.js";
import { StartupError } from "../server.js";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import { defineCommand } from "./command.js";
import { checkNoNul, copyAll, tablesWithRows, UnmovableRow } from "./migrate/copy.js";
import { COPIED, sqliteTables, unknownTables } from "./migrate/tables.js";
import { summarise } from "./migrate/verify.js";

const MigrateFlags = Type.Object({
  from: Flag.string({ arg: "FILE", description: "the SQLite database file to copy from" }),
  to: Flag.string({ arg: "URL", description: "the postgres:// URL of the database to copy into" }),
  force: Flag.boolean({
    description: "empty the target first when it already holds data (its rows are lost)",
  }),
  ...HELP_FLAG,
});

/** A URL as it may be printed: without its password. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

async function openSource(file: string): Promise<Db> {
  if (isPostgresUrl(file)) throw new UsageError("--from must be a SQLite database file", "migrate");
  const resolved = path.resolve(file);
  if (!existsSync(resolved)) throw new UsageError(`${resolved} does not exist`);
  if (!statSync(resolved).isFile()) throw new UsageError(`${resolved} is not a file`);
  return await openDatabase(resolved);
}

async function openTarget(url: string): Promise<Db> {
  if (!isPostgresUrl(url)) {
    throw new UsageError(`--to must be a postgres:// URL, got "${url}"`, "migrate");
  }
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--to is not a valid URL: "${redacted(url)}"`, "migrate");
  }
  try {
    return await openDatabase(url);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot open ${redacted(url)}: ${message}`);
  }
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
}

/** Counts and checksums every copied table on both sides; prints them; true when all match. */
async function verify(source: Db, target: Db, out: (text: string) => void): Promise<boolean> {
  const rows = [["table", "sqlite", "postgresql", "checksum"]];
  let same = true;
  for (const { name, spec } of COPIED) {
    const a = await summarise(source, name, spec);
    const b = await summarise(target, name, spec);
    const ok = a.rows === b.rows && a.checksum === b.checksum;
    same &&= ok;
    rows.push([name, String(a.rows), String(b.rows), ok ? "same" : "DIFFERENT"]);
  }
  for (const line of table(rows)) out(line);
  return same;
}

export const migrateCommand = defineCommand({
  name: "migrate",
  summary:
    "Copies an installation's SQLite database into a PostgreSQL database, then checks that " +
    "every row arrived.",
  flags: MigrateFlags,
  examples: [
    "scriptorium migrate --from data/scriptorium.db --to postgres://scriptorium@db/scriptorium",
    "scriptorium migrate --from data/scriptorium.db --to postgres://db/scriptorium --force",
  ],
  footer:
    "Both databases get the latest migrations first. Stop the server before: rows written " +
    "during the copy would be missed. The text search index is not copied: the server " +
    "rebuilds it. The files and the data folder (trash, versions) stay where they are.",
  run: async (values, _args, { out }) => {
    if (values.from === undefined) throw new UsageError("flag --from is needed", "migrate");
    if (values.to === undefined) throw new UsageError("flag --to is needed", "migrate");
    const source = await openSource(values.from);
    try {
      const unknown = unknownTables(await sqliteTables(source));
      if (unknown.length > 0) {
        throw new StartupError(
          `the source has tables this version does not know how to copy: ${unknown.join(", ")}`,
          1,
        );
      }
      const target = await openTarget(values.to);
      try {
        const full = await tablesWithRows(target);
        if (full.length > 0 && !values.force) {
          throw new UsageError(
            `${redacted(values.to)} already holds data (${full.join(", ")}); ` +
              "use --force to empty it first",
          );
        }
        out(`Copying ${path.resolve(values.from)} to ${redacted(values.to)}…`);
        try {
          await checkNoNul(source);
          await copyAll(source, target, full.length > 0, () => {});
        } catch (error) {
          if (error instanceof UnmovableRow) throw new StartupError(error.message, 1);
          throw error;
        }
        out("Checking every row:");
        if (!(await verify(source, target, out))) {
          throw new StartupError("the copy differs from the source (see the table above)", 1);
        }
        out(
          "Every row arrived. The text search index is not migrated: the server rebuilds it " +
            "on its first start on the PostgreSQL database.",
        );
      } finally {
        await target.destroy();
      }
    } finally {
      await source.destroy();
    }
  },
});
