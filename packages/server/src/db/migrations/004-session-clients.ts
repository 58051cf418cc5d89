import type { Kysely } from "kysely";

/**
 * What a session's owner sees in their list of sessions: the browser and address of the login,
 * its first login time (kept across renewals) and the last request made with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("sessions").addColumn("login_at", "integer").execute();
  await db.schema.alterTable("sessions").addColumn("last_used_at", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["last_used_at", "login_at", "address", "user_agent"]) {
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  }
}
