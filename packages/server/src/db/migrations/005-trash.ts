import type { Kysely } from "kysely";

/**
 * Deleted files and folders kept in their owner's trash. `state` is `pending` while an item is
 * being moved in, `restoring` while it is moved back, `kept` otherwise: after a crash the start
 * reconciles each row with what the trash folder holds (features/trash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trash")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_dir", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("deleted_at", "integer", (c) => c.notNull())
    .addColumn("deleted_by", "text", (c) => c.notNull())
    .addColumn("stored", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("trash_user_deleted")
    .on("trash")
    .columns(["user_id", "deleted_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trash").execute();
}
