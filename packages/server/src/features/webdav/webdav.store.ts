import { sql, type Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import { pathBelow, serialiseOn } from "../../db/engine.js";
import type { DavLocksTable } from "../../db/schema.js";

export type DavLockRow = Selectable<DavLocksTable>;

/** Characters of a string as SQLite's substr counts them (code points, not UTF-16 units). */
const chars = (s: string) => [...s].length;

function queries(db: Db) {
  return {
    // Locks.

    async insertLock(row: DavLockRow): Promise<void> {
      await db.insertInto("dav_locks").values(row).execute();
    },

    /** The lock with this token, expired or not. */
    async findLock(token: string): Promise<DavLockRow | undefined> {
      return await db
        .selectFrom("dav_locks")
        .selectAll()
        .where("token", "=", token)
        .executeTakeFirst();
    },

    /** Unexpired locks on any of `paths` exactly. */
    async locksOn(paths: readonly string[], now: number): Promise<DavLockRow[]> {
      if (paths.length === 0) return [];
      return await db
        .selectFrom("dav_locks")
        .selectAll()
        .where("path", "in", paths)
        .where("expires_at", ">", now)
        .orderBy("path")
        .orderBy("created_at")
        .execute();
    },

    /** Unexpired locks on `path` and below. */
    async locksWithin(path: string, now: number): Promise<DavLockRow[]> {
      return await db
        .selectFrom("dav_locks")
        .selectAll()
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .where("expires_at", ">", now)
        .orderBy("path")
        .orderBy("created_at")
        .execute();
    },

    async setLockExpiry(token: string, expiresAt: number): Promise<void> {
      await db
        .updateTable("dav_locks")
        .set({ expires_at: expiresAt })
        .where("token", "=", token)
        .execute();
    },

    async deleteLock(token: string): Promise<void> {
      await db.deleteFrom("dav_locks").where("token", "=", token).execute();
    },

    /** Removes the locks expired at `now` (the first statement of a lock taking: it also takes SQLite's write lock). */
    async deleteExpiredLocks(now: number): Promise<void> {
      await db.deleteFrom("dav_locks").where("expires_at", "<=", now).execute();
    },

    async deleteLocksWithin(path: string): Promise<void> {
      await db
        .deleteFrom("dav_locks")
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .execute();
    },

    // Dead properties.

    async listProps(path: string): Promise<{ ns: string; name: string; valueXml: string }[]> {
      const rows = await db
        .selectFrom("dav_props")
        .select(["ns", "name", "value_xml"])
        .where("path", "=", path)
        .orderBy("ns")
        .orderBy("name")
        .execute();
      return rows.map((r) => ({ ns: r.ns, name: r.name, valueXml: r.value_xml }));
    },

    /** The properties of `path` and everything below it, each with its path (one query for a listing). */
    async listPropsWithin(
      path: string,
    ): Promise<{ path: string; ns: string; name: string; valueXml: string }[]> {
      const rows = await db
        .selectFrom("dav_props")
        .select(["path", "ns", "name", "value_xml"])
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .orderBy("path")
        .orderBy("ns")
        .orderBy("name")
        .execute();
      return rows.map((r) => ({ path: r.path, ns: r.ns, name: r.name, valueXml: r.value_xml }));
    },

    async setProp(path: string, ns: string, name: string, valueXml: string): Promise<void> {
      await db
        .insertInto("dav_props")
        .values({ path, ns, name, value_xml: valueXml })
        .onConflict((oc) => oc.columns(["path", "ns", "name"]).doUpdateSet({ value_xml: valueXml }))
        .execute();
    },

    async removeProp(path: string, ns: string, name: string): Promise<void> {
      await db
        .deleteFrom("dav_props")
        .where("path", "=", path)
        .where("ns", "=", ns)
        .where("name", "=", name)
        .execute();
    },

    /** The properties of `from` and below, copied to `to` and below (rows already there replaced). */
    async copyProps(from: string, to: string): Promise<void> {
      await db
        .insertInto("dav_props")
        .columns(["path", "ns", "name", "value_xml"])
        .expression(
          db
            .selectFrom("dav_props")
            .select([
              sql<string>`${to} || substr(path, ${chars(from) + 1})`.as("path"),
              "ns",
              "name",
              "value_xml",
            ])
            .where((eb) => eb.or([eb("path", "=", from), pathBelow(db, "path", from)])),
        )
        .onConflict((oc) =>
          oc.columns(["path", "ns", "name"]).doUpdateSet({ value_xml: sql`excluded.value_xml` }),
        )
        .execute();
    },

    /** The properties of `from` and below now belong to `to` and below (nothing may be there). */
    async moveProps(from: string, to: string): Promise<void> {
      await db
        .updateTable("dav_props")
        .set({ path: sql<string>`${to} || substr(path, ${chars(from) + 1})` })
        .where((eb) => eb.or([eb("path", "=", from), pathBelow(db, "path", from)]))
        .execute();
    },

    async deletePropsWithin(path: string): Promise<void> {
      await db
        .deleteFrom("dav_props")
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .execute();
    },
  };
}

export type WebdavStore = ReturnType<typeof queries> & {
  /** Runs `fn` in one transaction, with a store bound to it. */
  transaction<T>(fn: (store: WebdavStore) => Promise<T>): Promise<T>;
};

/** All SQL of the `dav_locks` and `dav_props` tables. Paths as in the tables (see schema.ts). */
export function createWebdavStore(db: Db): WebdavStore {
  return {
    ...queries(db),
    transaction: async (fn) =>
      await db.transaction().execute(async (trx) => {
        // Locks are checked, then taken: one such transaction at a time, across instances.
        await serialiseOn(trx, "scriptorium:webdav");
        return await fn(createWebdavStore(trx));
      }),
  };
}
