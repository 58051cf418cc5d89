import type { Db } from "../../db/database.js";

export interface UploadRecord {
  target: string;
  temp: string;
  userId: number;
  length: number;
  touchedAt: number;
}

/** All SQL of the `uploads` table. */
export function createUploadsStore(db: Db) {
  return {
    async find(target: string): Promise<UploadRecord | undefined> {
      const row = await db
        .selectFrom("uploads")
        .selectAll()
        .where("target", "=", target)
        .executeTakeFirst();
      return (
        row && {
          target: row.target,
          temp: row.temp,
          userId: row.user_id,
          length: row.length,
          touchedAt: row.touched_at,
        }
      );
    },
    async put(u: UploadRecord): Promise<void> {
      const values = {
        target: u.target,
        temp: u.temp,
        user_id: u.userId,
        length: u.length,
        touched_at: u.touchedAt,
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
    /** Uploads untouched since `before` (ms): abandoned. */
    async olderThan(before: number): Promise<UploadRecord[]> {
      const rows = await db
        .selectFrom("uploads")
        .selectAll()
        .where("touched_at", "<", before)
        .execute();
      return rows.map((row) => ({
        target: row.target,
        temp: row.temp,
        userId: row.user_id,
        length: row.length,
        touchedAt: row.touched_at,
      }));
    },
  };
}

export type UploadsStore = ReturnType<typeof createUploadsStore>;
