import type { Kysely } from "kysely";

/**
 * WebDAV (issue 32): write locks and dead properties, in the database so that a second instance
 * sees the same ones. Paths are real places relative to the files root, links resolved,
 * "/"-separated, starting with "/" ("/users/ana/a.tex").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("dav_locks")
    // The lock token, "urn:uuid:…".
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("path", "text", (c) => c.notNull())
    // 0, or -1 for infinity.
    .addColumn("depth", "integer", (c) => c.notNull())
    .addColumn("exclusive", "integer", (c) => c.notNull())
    // The <D:owner> element as sent (serialised standalone), or "".
    .addColumn("owner_xml", "text", (c) => c.notNull())
    // Who locked: the lock binds everyone, but only its creator may use its token.
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "integer", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("dav_locks_path").on("dav_locks").column("path").execute();
  await db.schema.createIndex("dav_locks_expires").on("dav_locks").column("expires_at").execute();
  await db.schema
    .createTable("dav_props")
    .addColumn("path", "text", (c) => c.notNull())
    // The property's namespace ("" for none) and local name.
    .addColumn("ns", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // The whole property element, serialised standalone (write-xml.ts serializeElement).
    .addColumn("value_xml", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("dav_props_pk", ["path", "ns", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("dav_props").execute();
  await db.schema.dropTable("dav_locks").execute();
}
