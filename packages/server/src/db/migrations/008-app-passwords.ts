import type { Kysely } from "kysely";

/**
 * App passwords (issue 32): a password of its own for one WebDAV client, named, read-only or
 * read-write, revocable. Only an Argon2id hash of its secret is kept; the row's id is part of the
 * password, so a login finds the row without trying every hash. Deleting the user deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_passwords")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("read_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("secret_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("last_used_at", "integer")
    .execute();
  await db.schema
    .createIndex("app_passwords_user")
    .on("app_passwords")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_passwords").execute();
}
