import type { ActivityAction } from "@scriptorium/shared";
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { ActivityTable, Database } from "../../db/schema.js";

/** One line of the log as stored: paths from the real files root ("" for no file). */
export interface ActivityRecord {
  id: number;
  /** Unix milliseconds. */
  time: number;
  userId: number | null;
  username: string;
  action: ActivityAction;
  path: string;
  to?: string;
  detail?: string;
  requestId: string;
  address: string;
}

export type NewActivity = Omit<ActivityRecord, "id">;

/** What a page of the log is cut by; every field optional. */
export interface ActivityFilter {
  /** Lines whose path or `to` is this folder or below it ("/" or none: all). */
  under?: string;
  /** Lines at or after (Unix ms). */
  since?: number;
  /** Lines at or before (Unix ms). */
  until?: number;
  username?: string;
  /** Only these actions. */
  actions?: readonly ActivityAction[];
  /** Keyset cursor: lines older than this one (newest first). */
  before?: { time: number; id: number };
}

function toRecord(row: Selectable<ActivityTable>): ActivityRecord {
  return {
    id: row.id,
    time: row.time,
    userId: row.user_id,
    username: row.username,
    action: row.action as ActivityAction,
    path: row.path,
    ...(row.to_path !== null && { to: row.to_path }),
    ...(row.detail !== null && { detail: row.detail }),
    requestId: row.request_id,
    address: row.address,
  };
}

/**
 * `column` is `folder` or lies below it, as a range the index answers: every path below "/a"
 * starts with "/a/", and "0" is the character after "/".
 */
function below(
  eb: ExpressionBuilder<Database, "activity">,
  column: "path" | "to_path",
  folder: string,
) {
  return eb.or([
    eb(column, "=", folder),
    eb.and([eb(column, ">", `${folder}/`), eb(column, "<", `${folder}0`)]),
  ]);
}

/** All SQL of the `activity` table. */
export function createActivityStore(db: Db) {
  return {
    async insert(line: NewActivity): Promise<void> {
      await db
        .insertInto("activity")
        .values({
          time: line.time,
          user_id: line.userId,
          username: line.username,
          action: line.action,
          path: line.path,
          to_path: line.to ?? null,
          detail: line.detail ?? null,
          request_id: line.requestId,
          address: line.address,
        })
        .execute();
    },

    /** At most `limit` lines meeting `filter`, newest first. */
    async page(filter: ActivityFilter, limit: number): Promise<ActivityRecord[]> {
      let query = db.selectFrom("activity").selectAll();
      const { under, since, until, username, actions, before } = filter;
      if (under !== undefined && under !== "/") {
        query = query.where((eb) => eb.or([below(eb, "path", under), below(eb, "to_path", under)]));
      }
      if (since !== undefined) query = query.where("time", ">=", since);
      if (until !== undefined) query = query.where("time", "<=", until);
      if (username !== undefined) query = query.where("username", "=", username);
      if (actions !== undefined) query = query.where("action", "in", [...actions]);
      if (before !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb("time", "<", before.time),
            eb.and([eb("time", "=", before.time), eb("id", "<", before.id)]),
          ]),
        );
      }
      const rows = await query.orderBy("time", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map(toRecord);
    },

    /** Removes the lines older than `before` (Unix ms); how many went. */
    async removeBefore(before: number): Promise<number> {
      const result = await db.deleteFrom("activity").where("time", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ActivityStore = ReturnType<typeof createActivityStore>;
