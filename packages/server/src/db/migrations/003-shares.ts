import type { Kysely } from "kysely";

/**
 * Share links, what visitors did with them, and which drop box an upload in progress came
 * through (a visitor may only continue uploads of the box they started them in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shares")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expire", "integer", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("max_downloads", "integer")
    .addColumn("downloads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_upload_bytes", "integer")
    .addColumn("max_uploads", "integer")
    .addColumn("uploads", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("shares_user").on("shares").columns(["user_id", "path"]).execute();
  await db.schema
    .createTable("share_activity")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("hash", "text", (c) => c.notNull().references("shares.hash").onDelete("cascade"))
    .addColumn("at", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("visitor", "text")
    .execute();
  await db.schema
    .createIndex("share_activity_hash")
    .on("share_activity")
    .columns(["hash", "at"])
    .execute();
  await db.schema.alterTable("uploads").addColumn("via_share", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("uploads").dropColumn("via_share").execute();
  await db.schema.dropTable("share_activity").execute();
  await db.schema.dropTable("shares").execute();
}
