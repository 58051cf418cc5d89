import type { Kysely } from "kysely";

/**
 * The activity log: one row per thing done, never changed once written (the retention sweep
 * removes the oldest). Paths are real places relative to the files root ("/users/ana/a.tex"),
 * so each viewer's answer maps them into their own scope; "" for actions on no file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("activity")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("time", "integer", (c) => c.notNull())
    // Who did it: null for an anonymous visitor or the server itself; no foreign key, so a
    // deleted user's lines stay in the log.
    .addColumn("user_id", "integer")
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("to_path", "text")
    .addColumn("detail", "text")
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_time").on("activity").columns(["time", "id"]).execute();
  // Prefix queries by range (path > '/a/' and path < '/a0'), newest first within a folder.
  await db.schema.createIndex("activity_path").on("activity").columns(["path", "time"]).execute();
  await db.schema
    .createIndex("activity_to_path")
    .on("activity")
    .columns(["to_path", "time"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("activity").execute();
}
