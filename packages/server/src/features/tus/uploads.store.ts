import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UploadsTable } from "../../db/schema.js";

export interface UploadRecord {
  target: string;
  temp: string;
  userId: number;
  length: number;
  touchedAt: number;
  /** The drop box an anonymous upload came through (its share hash); none for a user's own. */
  viaShare?: string;
}

type UploadRow = Selectable<UploadsTable>;

const fromRow = (row: UploadRow): UploadRecord => ({
  target: row.target,
  temp: row.temp,
  userId: row.user_id,
  length: row.length,
  touchedAt: row.touched_at,
  ...(row.via_share !== null && { viaShare: row.via_share }),
});

/** All SQL of the `uploads` table. */
export function createUploadsStore(db: Db) {
  return {
    async find(target: string): Promise<UploadRecord | undefined> {
      const row = await db
        .selectFrom("uploads")
        .selectAll()
        .where("target", "=", target)
        .executeTakeFirst();
      return row && fromRow(row);
    },
    async put(u: UploadRecord): Promise<void> {
      const values = {
        target: u.target,
        temp: u.temp,
        user_id: u.userId,
        length: u.length,
        touched_at: u.touchedAt,
        via_share: u.viaShare ?? null,
      };
      await db
        .insertInto("uploads")
        .values(values)
        .onConflict((oc) => oc.column("target").doUpdateSet(values))
        .execute();
    },
    async remove(target: string): Promise<void> {
      await db.deleteFrom("uploads").where("target", "=", target).execute();
    },
    /** Uploads in progress through the drop box of `hash`. */
    async countViaShare(hash: string): Promise<number> {
      const row = await db
        .selectFrom("uploads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("via_share", "=", hash)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** A user's uploads in progress (their own and those through their drop boxes). */
    async ofUser(userId: number): Promise<UploadRecord[]> {
      const rows = await db
        .selectFrom("uploads")
        .selectAll()
        .where("user_id", "=", userId)
        .execute();
      return rows.map(fromRow);
    },
    /** How many uploads are in progress (for the metrics). */
    async count(): Promise<number> {
      const row = await db
        .selectFrom("uploads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Uploads untouched since `before` (ms): abandoned. */
    async olderThan(before: number): Promise<UploadRecord[]> {
      const rows = await db
        .selectFrom("uploads")
        .selectAll()
        .where("touched_at", "<", before)
        .execute();
      return rows.map(fromRow);
    },
  };
}

export type UploadsStore = ReturnType<typeof createUploadsStore>;
