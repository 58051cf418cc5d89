import type { Kysely } from "kysely";

/**
 * Counters that several instances behind a balancer share (issue 33): failed attempts (logins,
 * share passwords, requests per address) and the program runs in progress that the runner's
 * limits count. Transient state: nothing refers to these tables and a copy of an installation
 * may leave them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("attempts")
    // Which counter ("login-user", "share-link"…) and its key (a username, an address…).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    // The end of the key's fixed window (ms): the row counts no more after it.
    .addColumn("reset_at", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("attempts_pk", ["kind", "key"])
    .execute();
  await db.schema.createIndex("attempts_reset_at").on("attempts").column("reset_at").execute();
  await db.schema
    .createTable("running")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Whose run, as the runner's limits count it: "user:1", "hook:1"…
    .addColumn("owner", "text", (c) => c.notNull())
    // The instance that runs it; its heartbeat keeps the row alive.
    .addColumn("instance", "text", (c) => c.notNull())
    .addColumn("started_at", "integer", (c) => c.notNull())
    .addColumn("heartbeat_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("running_owner").on("running").column("owner").execute();
  await db.schema.createIndex("running_heartbeat").on("running").column("heartbeat_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("running").execute();
  await db.schema.dropTable("attempts").execute();
}
