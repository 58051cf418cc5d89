import type { Kysely } from "kysely";

/**
 * Earlier contents of overwritten files (features/versions). A row is one version of the file at
 * `path` (relative to the files root, links resolved: every user who sees the file sees the same
 * history); `trash_id` is set while the file is in the trash. `state` is `pending` while the
 * replaced content waits in the spool folder, `kept` once it is a blob of `version_blobs`
 * (content-addressed by SHA-256, zstd; `base` names the blob whose content is the dictionary of
 * this one, `depth` how many bases lie under it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("trash_id", "text")
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("hash", "text")
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("replaced_by", "text", (c) => c.notNull())
    .addColumn("made_at", "integer", (c) => c.notNull())
    .addColumn("label", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("versions_path")
    .on("versions")
    .columns(["path", "made_at"])
    .execute();
  await db.schema.createIndex("versions_trash").on("versions").column("trash_id").execute();
  await db.schema.createIndex("versions_hash").on("versions").column("hash").execute();
  await db.schema
    .createTable("version_blobs")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("stored", "integer", (c) => c.notNull())
    .addColumn("base", "text")
    .addColumn("depth", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("version_blobs_base").on("version_blobs").column("base").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("version_blobs").execute();
  await db.schema.dropTable("versions").execute();
}
