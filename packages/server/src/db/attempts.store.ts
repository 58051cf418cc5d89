import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { AttemptBackend, AttemptEntry } from "../lib/attempts.js";
import type { Db } from "./database.js";

/** Rows whose window ended are deleted at most this often (per instance), on a write. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The key as stored: a SHA-256, so that any key (a username of any length, with a NUL that
 * PostgreSQL's text refuses) fits the index.
 */
const stored = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Failed-attempt counts in the `attempts` table, so that every instance on the database counts
 * together: one atomic statement per change (`insert … on conflict do update … returning`, on
 * SQLite ≥ 3.35 and PostgreSQL), and ended windows pruned now and then.
 */
export function createDbAttempts(db: Db): AttemptBackend {
  let prunedAt = 0;

  function prune(now: number): void {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    void db
      .deleteFrom("attempts")
      .where("reset_at", "<=", now)
      .execute()
      .catch(() => undefined);
  }

  return {
    async get(kind, key, now) {
      const row = await db
        .selectFrom("attempts")
        .select(["count", "reset_at"])
        .where("kind", "=", kind)
        .where("key", "=", stored(key))
        .where("reset_at", ">", now)
        .executeTakeFirst();
      return row && { count: Number(row.count), resetAt: Number(row.reset_at) };
    },

    async add(kind, key, now, windowMs): Promise<AttemptEntry> {
      prune(now);
      // A row whose window ended starts again at 1 with a new window; else it counts one more.
      const ended = sql<boolean>`attempts.reset_at <= ${now}`;
      const row = await db
        .insertInto("attempts")
        .values({ kind, key: stored(key), count: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.columns(["kind", "key"]).doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else attempts.count + 1 end`,
            reset_at: sql<number>`case when ${ended} then excluded.reset_at else attempts.reset_at end`,
          }),
        )
        .returning(["count", "reset_at"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },

    async remove(kind, key) {
      await db
        .deleteFrom("attempts")
        .where("kind", "=", kind)
        .where("key", "=", stored(key))
        .execute();
    },

    async takeBack(kind, key, now) {
      await db
        .updateTable("attempts")
        .set({ count: sql<number>`count - 1` })
        .where("kind", "=", kind)
        .where("key", "=", stored(key))
        .where("reset_at", ">", now)
        .where("count", ">", 0)
        .execute();
    },
  };
}
