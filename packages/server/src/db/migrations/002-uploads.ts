import type { Kysely } from "kysely";

/** Resumable uploads in progress: they survive a server restart. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("target", "text", (c) => c.primaryKey())
    .addColumn("temp", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("length", "integer", (c) => c.notNull())
    .addColumn("touched_at", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploads").execute();
}
