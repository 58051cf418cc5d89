import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull().defaultTo("."))
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("lock_password", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("view_mode", "text", (c) => c.notNull().defaultTo("mosaic"))
    .addColumn("single_click", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("perm", "text", (c) => c.notNull())
    .addColumn("commands", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("sorting", "text", (c) => c.notNull())
    .addColumn("rules", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("hide_dotfiles", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("date_format", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("updated_at", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .addColumn("revoked_at", "integer")
    .addColumn("rotated_at", "integer")
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("settings").execute();
}
