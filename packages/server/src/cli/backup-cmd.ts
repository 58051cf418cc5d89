import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Type } from "typebox";
import type { BackupEntry, BackupManifest } from "@scriptorium/shared";
import { SERVE_DEFAULTS } from "../config.js";
import { VERSION } from "../version.js";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import {
  databaseFileOf,
  defaultDataDir,
  engineOfLocation,
  snapshotDatabase,
} from "./backup-database.js";
import { hashFile, saveTree, STATE_FOLDERS } from "./backup-tree.js";
import { defineCommand } from "./command.js";
import { DATABASE_FLAG } from "./flags.js";

export const MANIFEST = "manifest.json";

/** `--data`: where the server keeps its own state (trash, versions, caches). */
export const DATA_FLAG = {
  data: Flag.string({
    env: "SCRIPTORIUM_DATA",
    arg: "DIR",
    description:
      "folder of the server's own state: trash, versions (default: the database file's folder; " +
      "needed with a PostgreSQL database)",
  }),
};

/** The database location as the server reads it (a file resolved; a URL as it is). */
export function databaseOf(value: string | undefined): string {
  const location = value ?? SERVE_DEFAULTS.database;
  return engineOfLocation(location) === "postgres" ? location : path.resolve(location);
}

/** The data folder: `--data`, else the database file's folder. */
export function dataDirOf(database: string, data: string | undefined): string {
  const dir = data ?? defaultDataDir(database);
  if (dir === undefined) throw new UsageError("flag --data is needed with a PostgreSQL database");
  return path.resolve(dir);
}

/** The backup's own folder must be new or empty: a backup never mixes with another. */
async function checkTarget(folder: string): Promise<void> {
  const names = await readdir(folder).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    if ((err as NodeJS.ErrnoException).code === "ENOTDIR") {
      throw new UsageError(`${folder} is not a folder`);
    }
    throw err;
  });
  if (names && names.length > 0) throw new UsageError(`${folder} is not empty`);
}

/**
 * Makes the backup in a hidden folder beside `folder` and renames it into place at the end:
 * an interrupted backup leaves no folder that looks complete.
 */
export async function makeBackup(
  folder: string,
  database: string,
  dataDir: string,
): Promise<BackupManifest> {
  await checkTarget(folder);
  const engine = engineOfLocation(database);
  await mkdir(path.dirname(folder), { recursive: true, mode: 0o700 });
  const work = path.join(
    path.dirname(folder),
    `.${path.basename(folder)}.partial-${randomBytes(6).toString("hex")}`,
  );
  await mkdir(work, { mode: 0o700 });
  try {
    // The database first: a folder entry it names that vanishes later (a version pruned) is
    // the rarer loss than a row naming a file the copy never saw.
    const dbFile = databaseFileOf(engine);
    await snapshotDatabase(database, path.join(work, dbFile));
    const dbHash = await hashFile(path.join(work, dbFile));
    const folders: string[] = [];
    const entries: BackupEntry[] = [];
    for (const name of STATE_FOLDERS) {
      const source = path.join(dataDir, name);
      const info = await stat(source).catch(() => undefined);
      if (!info?.isDirectory()) continue;
      folders.push(name);
      entries.push(...(await saveTree(source, path.join(work, name), name)));
    }
    const fileBytes = entries.reduce((sum, e) => sum + (e.type === "file" ? e.size : 0), 0);
    const manifest: BackupManifest = {
      format: "scriptorium-backup",
      formatVersion: 1,
      scriptorium: VERSION,
      engine,
      createdAt: new Date().toISOString(),
      database: { file: dbFile, ...dbHash },
      folders,
      entries,
      totalBytes: dbHash.size + fileBytes,
    };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", {
      mode: 0o600,
    });
    await rmdir(folder).catch(() => undefined);
    await rename(work, folder);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export const backupCommand = defineCommand({
  name: "backup",
  args: ["FOLDER"],
  summary:
    "Saves the database (a consistent snapshot, also while the server runs) and the server's " +
    "own folders (trash, versions) into FOLDER, new or empty, with a manifest of sizes and " +
    "SHA-256 sums. The files folder is not saved: back it up with your own tools.",
  flags: Type.Object({ ...DATABASE_FLAG, ...DATA_FLAG, ...HELP_FLAG }),
  examples: [
    "scriptorium backup -d /srv/scriptorium/scriptorium.db /backup/scriptorium-$(date +%F)",
    "scriptorium backup -d postgres://scriptorium@db/scriptorium --data /srv/scriptorium /backup/today",
  ],
  run: async (values, [folder], { out }) => {
    const database = databaseOf(values.database);
    const dataDir = dataDirOf(database, values.data);
    const target = path.resolve(folder ?? "");
    const manifest = await makeBackup(target, database, dataDir);
    const files = manifest.entries.filter((e) => e.type === "file").length;
    out(
      `Saved the ${manifest.engine} database and ${files} file${files === 1 ? "" : "s"} of ${manifest.folders.join(", ") || "no folder"} ` +
        `(${manifest.totalBytes} bytes) into ${target}.`,
    );
  },
});
