import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { TrashTable } from "../../db/schema.js";

/** Where an item is in its life: being moved in, kept, or being moved back out. */
export type TrashState = "pending" | "kept" | "restoring";

export interface TrashRecord {
  id: string;
  userId: number;
  path: string;
  name: string;
  isDir: boolean;
  size: number;
  /** Unix milliseconds. */
  deletedAt: number;
  deletedBy: string;
  /** `<userId>/<id>`, relative to the trash folder; the content is the entry `name` in it. */
  stored: string;
  state: TrashState;
}

function toRecord(row: Selectable<TrashTable>): TrashRecord {
  return {
    id: row.id,
    userId: row.user_id,
    path: row.path,
    name: row.name,
    isDir: row.is_dir === 1,
    size: row.size,
    deletedAt: row.deleted_at,
    deletedBy: row.deleted_by,
    stored: row.stored,
    state: row.state as TrashState,
  };
}

/** All SQL of the `trash` table. */
export function createTrashStore(db: Db) {
  return {
    async insert(item: TrashRecord): Promise<void> {
      await db
        .insertInto("trash")
        .values({
          id: item.id,
          user_id: item.userId,
          path: item.path,
          name: item.name,
          is_dir: item.isDir ? 1 : 0,
          size: item.size,
          deleted_at: item.deletedAt,
          deleted_by: item.deletedBy,
          stored: item.stored,
          state: item.state,
        })
        .execute();
    },

    async setState(id: string, state: TrashState, size?: number): Promise<void> {
      await db
        .updateTable("trash")
        .set(size === undefined ? { state } : { state, size })
        .where("id", "=", id)
        .execute();
    },

    /** Moves a row from one state to another; false when it was not in `from` (or is gone). */
    async transition(id: string, from: TrashState, to: TrashState): Promise<boolean> {
      const result = await db
        .updateTable("trash")
        .set({ state: to })
        .where("id", "=", id)
        .where("state", "=", from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom("trash").where("id", "=", id).execute();
    },

    /** A kept item of this user (undefined for another user's id, or one in motion). */
    async findOf(userId: number, id: string): Promise<TrashRecord | undefined> {
      const row = await db
        .selectFrom("trash")
        .selectAll()
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .where("state", "=", "kept")
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** A user's kept items, newest first (as listed) or oldest first (as dropped). */
    async keptOf(userId: number, first: "newest" | "oldest" = "newest"): Promise<TrashRecord[]> {
      const rows = await db
        .selectFrom("trash")
        .selectAll()
        .where("user_id", "=", userId)
        .where("state", "=", "kept")
        .orderBy("deleted_at", first === "newest" ? "desc" : "asc")
        .orderBy("id")
        .execute();
      return rows.map(toRecord);
    },

    /** Every row, whatever its state: what the start reconciles. */
    async all(): Promise<TrashRecord[]> {
      return (await db.selectFrom("trash").selectAll().execute()).map(toRecord);
    },

    /** Kept items deleted before `before` (Unix ms), oldest first. */
    async keptBefore(before: number): Promise<TrashRecord[]> {
      const rows = await db
        .selectFrom("trash")
        .selectAll()
        .where("state", "=", "kept")
        .where("deleted_at", "<", before)
        .orderBy("deleted_at")
        .execute();
      return rows.map(toRecord);
    },

    /** Users whose kept items hold more than `bytes`. */
    async usersOver(bytes: number): Promise<number[]> {
      const rows = await db
        .selectFrom("trash")
        .select("user_id")
        .where("state", "=", "kept")
        .groupBy("user_id")
        .having((eb) => eb.fn.sum<number>("size"), ">", bytes)
        .execute();
      return rows.map((row) => row.user_id);
    },
  };
}

export type TrashStore = ReturnType<typeof createTrashStore>;
