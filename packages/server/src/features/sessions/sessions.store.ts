import { randomBytes } from "node:crypto";
import type { Db } from "../../db/database.js";

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  rotatedAt: number | null;
}

/** All SQL of the `sessions` table. Times are milliseconds since the epoch. */
export function createSessionsStore(db: Db) {
  return {
    async create(userId: number, lifetimeMs: number): Promise<SessionRecord> {
      const now = Date.now();
      const session: SessionRecord = {
        id: randomBytes(18).toString("base64url"),
        userId,
        createdAt: now,
        expiresAt: now + lifetimeMs,
        revokedAt: null,
        rotatedAt: null,
      };
      await db
        .insertInto("sessions")
        .values({
          id: session.id,
          user_id: userId,
          created_at: now,
          expires_at: session.expiresAt,
          revoked_at: null,
          rotated_at: null,
        })
        .execute();
      return session;
    },

    async find(id: string): Promise<SessionRecord | undefined> {
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          userId: row.user_id,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          rotatedAt: row.rotated_at,
        }
      );
    },

    async revoke(id: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ revoked_at: Date.now() })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .execute();
    },

    /** Marks a session as replaced by /api/renew; it keeps working for the grace period. */
    async markRotated(id: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ rotated_at: Date.now() })
        .where("id", "=", id)
        .where("rotated_at", "is", null)
        .execute();
    },

    /** Revokes every live session of a user, except `keepId`. */
    async revokeAllOf(userId: number, keepId?: string): Promise<void> {
      let q = db
        .updateTable("sessions")
        .set({ revoked_at: Date.now() })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null);
      if (keepId) q = q.where("id", "!=", keepId);
      await q.execute();
    },

    /** Deletes sessions that can no longer be used. */
    async prune(olderThan: number): Promise<void> {
      await db.deleteFrom("sessions").where("expires_at", "<", olderThan).execute();
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
