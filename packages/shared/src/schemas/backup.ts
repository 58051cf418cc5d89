import { Type, type Static } from "typebox";

/** One thing a backup saved besides the database: a folder, a file or a link. */
export const BackupEntrySchema = Type.Union([
  Type.Object({ path: Type.String(), type: Type.Literal("dir") }),
  Type.Object({
    path: Type.String(),
    type: Type.Literal("file"),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  }),
  Type.Object({ path: Type.String(), type: Type.Literal("symlink"), target: Type.String() }),
]);
export type BackupEntry = Static<typeof BackupEntrySchema>;

/**
 * `manifest.json` of a `scriptorium backup` folder: what was saved, from which engine and
 * version, with every file's size and SHA-256, which `scriptorium restore` checks first.
 */
export const BackupManifestSchema = Type.Object({
  format: Type.Literal("scriptorium-backup"),
  formatVersion: Type.Literal(1),
  /** The version of Scriptorium that made it. */
  scriptorium: Type.String(),
  engine: Type.Union([Type.Literal("sqlite"), Type.Literal("postgres")]),
  /** ISO 8601, UTC. */
  createdAt: Type.String(),
  database: Type.Object({
    file: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  }),
  /** The data folder's own folders saved (trash, versions), each present in `entries`. */
  folders: Type.Array(Type.String()),
  entries: Type.Array(BackupEntrySchema),
  /** Bytes of the database and every file together. */
  totalBytes: Type.Integer({ minimum: 0 }),
});
export type BackupManifest = Static<typeof BackupManifestSchema>;
