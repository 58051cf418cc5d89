import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { BackupManifestSchema, type BackupManifest } from "@scriptorium/shared";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import { DATA_FLAG, dataDirOf, databaseOf, MANIFEST } from "./backup-cmd.js";
import { databaseInUse, engineOfLocation, restoreDatabase } from "./backup-database.js";
import {
  checkEntryPath,
  hashFile,
  holdsAnything,
  placeOf,
  restoreEntries,
  STATE_FOLDERS,
} from "./backup-tree.js";
import { defineCommand } from "./command.js";
import { DATABASE_FLAG } from "./flags.js";

/** The backup's manifest, checked: its shape, its paths, and every saved file's bytes. */
export async function checkBackup(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, MANIFEST), "utf8").catch(() => {
    throw new UsageError(`${folder} holds no ${MANIFEST}: not a backup of scriptorium`);
  });
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new UsageError(`${MANIFEST} is not JSON`);
  }
  if (!Value.Check(BackupManifestSchema, manifest)) {
    const first = Value.Errors(BackupManifestSchema, manifest)[0];
    throw new UsageError(
      `${MANIFEST} is not a manifest this version reads (${first?.instancePath || "/"} ${first?.message ?? ""})`,
    );
  }
  const known: readonly string[] = STATE_FOLDERS;
  for (const name of manifest.folders) {
    if (!known.includes(name))
      throw new UsageError(`the manifest names an unknown folder "${name}"`);
  }
  for (const entry of manifest.entries) checkEntryPath(entry.path, manifest.folders);
  const expectedDb = manifest.engine === "sqlite" ? "database.sqlite" : "database.pgdump";
  if (manifest.database.file !== expectedDb) {
    throw new UsageError(
      `the manifest names an unexpected database file "${manifest.database.file}"`,
    );
  }
  const files = [
    { path: manifest.database.file, ...manifest.database },
    ...manifest.entries.flatMap((e) => (e.type === "file" ? [e] : [])),
  ];
  for (const file of files) {
    const found = await hashFile(placeOf(folder, file.path)).catch(() => undefined);
    if (!found) throw new UsageError(`${file.path} is missing from the backup`);
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw new UsageError(`${file.path} differs from the manifest (size or SHA-256)`);
    }
  }
  return manifest;
}

/**
 * Restores a backup: everything is checked first (manifest, sums, the target's engine, a
 * database or folders already in use without --force); the folders are copied beside their
 * place and renamed in, the database put in place last. Stop the server first.
 */
export async function restoreBackup(
  folder: string,
  database: string,
  dataDir: string,
  force: boolean,
): Promise<BackupManifest> {
  const manifest = await checkBackup(folder);
  const engine = engineOfLocation(database);
  if (manifest.engine !== engine) {
    throw new UsageError(
      `this backup is of a ${manifest.engine} database and --database names a ${engine} one` +
        (manifest.engine === "sqlite" ? ' (restore it to SQLite, then "scriptorium migrate")' : ""),
    );
  }
  if (!force) {
    // SQLite keeps `-shm` beside a database while a connection has it open.
    if (engine === "sqlite" && (await stat(`${database}-shm`).catch(() => undefined))) {
      throw new UsageError(
        "the database is open in another program (a running server?): stop it first, or add --force",
      );
    }
    if (await databaseInUse(database)) {
      throw new UsageError("the database already holds users; add --force to replace it");
    }
    for (const name of STATE_FOLDERS) {
      if (await holdsAnything(path.join(dataDir, name))) {
        throw new UsageError(`${path.join(dataDir, name)} is not empty; add --force to replace it`);
      }
    }
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (engine === "sqlite") await mkdir(path.dirname(database), { recursive: true, mode: 0o700 });
  const tag = randomBytes(6).toString("hex");
  const staging = path.join(dataDir, `.restoring-${tag}`);
  const replaced = path.join(dataDir, `.replaced-${tag}`);
  await mkdir(staging, { mode: 0o700 });
  let done = false;
  try {
    await restoreEntries(folder, manifest.entries, staging);
    // The database first (checked, then renamed in; PostgreSQL in one transaction): when it
    // fails, nothing has changed. The folders then follow by renames alone.
    await restoreDatabase(path.join(folder, manifest.database.file), manifest.database, database);
    await mkdir(replaced, { mode: 0o700 });
    for (const name of STATE_FOLDERS) {
      await rename(path.join(dataDir, name), path.join(replaced, name)).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      });
      if (manifest.folders.includes(name)) {
        await rename(path.join(staging, name), path.join(dataDir, name));
      }
    }
    done = true;
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    // Kept when something failed halfway: the folders as they were are there.
    if (done) await rm(replaced, { recursive: true, force: true });
  }
}

export const restoreCommand = defineCommand({
  name: "restore",
  args: ["FOLDER"],
  summary:
    'Restores a backup made by "scriptorium backup": checks its manifest and every file\'s ' +
    "SHA-256, then puts the database and the server's own folders (trash, versions) in place. " +
    "Stop the server first; a database that holds users or folders that hold anything are " +
    "replaced only with --force.",
  flags: Type.Object({
    ...DATABASE_FLAG,
    ...DATA_FLAG,
    force: Flag.boolean({ description: "replace a database and folders already in use" }),
    ...HELP_FLAG,
  }),
  examples: [
    "scriptorium restore -d /srv/scriptorium/scriptorium.db /backup/scriptorium-2026-11-27",
    "scriptorium restore -d postgres://scriptorium@db/scriptorium --data /srv/scriptorium --force /backup/today",
  ],
  run: async (values, [folder], { out }) => {
    const database = databaseOf(values.database);
    const dataDir = dataDirOf(database, values.data);
    const source = path.resolve(folder ?? "");
    const manifest = await restoreBackup(source, database, dataDir, values.force ?? false);
    out(
      `Restored the ${manifest.engine} database and ${manifest.folders.join(", ") || "no folder"} ` +
        `from the backup of ${manifest.createdAt} (scriptorium ${manifest.scriptorium}).`,
    );
  },
});
