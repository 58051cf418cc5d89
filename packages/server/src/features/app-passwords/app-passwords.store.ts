import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { AppPasswordsTable } from "../../db/schema.js";
import { serialiseOn } from "../../db/engine.js";

/** A stored app password: never its secret, only the hash of it. */
export interface AppPasswordRecord {
  id: number;
  userId: number;
  name: string;
  readOnly: boolean;
  secretHash: string;
  /** Unix milliseconds. */
  createdAt: number;
  /** Unix milliseconds; null while never used. */
  lastUsedAt: number | null;
}

function toRecord(row: Selectable<AppPasswordsTable>): AppPasswordRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    readOnly: row.read_only === 1,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** All SQL of the `app_passwords` table. */
export function createAppPasswordsStore(db: Db) {
  return {
    /** A user's app passwords, newest first. */
    async list(userId: number): Promise<AppPasswordRecord[]> {
      const rows = await db
        .selectFrom("app_passwords")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toRecord);
    },

    /** Every login over WebDAV looks its row up by id: the primary key, one row. */
    async find(id: number): Promise<AppPasswordRecord | undefined> {
      const row = await db
        .selectFrom("app_passwords")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Inserts an app password unless its user already holds `max`; undefined then. Counted and
     * inserted in one transaction, so that requests at once cannot pass the limit together.
     */
    async insertUnder(
      max: number,
      input: {
        userId: number;
        name: string;
        readOnly: boolean;
        secretHash: string;
        createdAt: number;
      },
    ): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        // Counted, then added: one user's additions one at a time, across instances.
        await serialiseOn(trx, `scriptorium:app-passwords:${input.userId}`);
        const held = await trx
          .selectFrom("app_passwords")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", input.userId)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= max) return undefined;
        const result = await trx
          .insertInto("app_passwords")
          .values({
            user_id: input.userId,
            name: input.name,
            read_only: input.readOnly ? 1 : 0,
            secret_hash: input.secretHash,
            created_at: input.createdAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return Number(result.id);
      });
    },

    /** Deletes one of `userId`'s app passwords; false when it is not theirs or not there. */
    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom("app_passwords")
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touch(id: number, at: number): Promise<void> {
      await db
        .updateTable("app_passwords")
        .set({ last_used_at: at })
        .where("id", "=", id)
        .execute();
    },
  };
}

export type AppPasswordsStore = ReturnType<typeof createAppPasswordsStore>;
