import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import { createReadCache } from "../../db/read-cache.js";
import type { SessionsTable } from "../../db/schema.js";

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  rotatedAt: number | null;
  userAgent: string;
  address: string;
  /** The login this session continues (renewals keep it); its own creation for a login. */
  loginAt: number;
  lastUsedAt: number | null;
}

/** Where a login came from. */
export interface SessionClient {
  userAgent: string;
  address: string;
  /** Set by a renewal: the time of the login it continues. */
  loginAt?: number;
}

type SessionRow = Selectable<SessionsTable>;

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    rotatedAt: row.rotated_at,
    userAgent: row.user_agent,
    address: row.address,
    loginAt: row.login_at ?? row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** All SQL of the `sessions` table. Times are milliseconds since the epoch. */
export function createSessionsStore(db: Db) {
  const rowsById = createReadCache<SessionRow>(db);
  return {
    async create(
      userId: number,
      lifetimeMs: number,
      client: SessionClient = { userAgent: "", address: "" },
    ): Promise<SessionRecord> {
      const now = Date.now();
      const session: SessionRecord = {
        id: randomBytes(18).toString("base64url"),
        userId,
        createdAt: now,
        expiresAt: now + lifetimeMs,
        revokedAt: null,
        rotatedAt: null,
        // Bounded: a User-Agent is the client's to choose.
        userAgent: client.userAgent.slice(0, 512),
        address: client.address.slice(0, 64),
        loginAt: client.loginAt ?? now,
        lastUsedAt: now,
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
          user_agent: session.userAgent,
          address: session.address,
          login_at: session.loginAt,
          last_used_at: now,
        })
        .execute();
      return session;
    },

    /** Every authenticated request's lookup: the row is kept until the database changes. */
    async find(id: string): Promise<SessionRecord | undefined> {
      const row = await rowsById(id, () =>
        db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst(),
      );
      return row && toRecord(row);
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

    /** Revokes every live session of a user, except `keepId`; returns how many were live. */
    async revokeAllOf(userId: number, keepId?: string): Promise<number> {
      const now = Date.now();
      let q = db
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now);
      if (keepId) q = q.where("id", "!=", keepId);
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * A user's sessions that still work: not revoked, not expired, not replaced by a renewal
     * (the renewed one continues it); the most recently used first.
     */
    async listLive(userId: number): Promise<SessionRecord[]> {
      const now = Date.now();
      const rows = await db
        .selectFrom("sessions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .where("rotated_at", "is", null)
        .execute();
      return rows
        .map(toRecord)
        .sort((a, b) => (b.lastUsedAt ?? b.createdAt) - (a.lastUsedAt ?? a.createdAt));
    },

    /** Records a request made with a session. */
    async touch(id: string, at: number): Promise<void> {
      await db.updateTable("sessions").set({ last_used_at: at }).where("id", "=", id).execute();
    },

    /**
     * Deletes sessions that can no longer be used: expired, ended, and (with `unusedForMs`, the
     * token lifetime) those not used for that long, as after the lifetime was shortened. A
     * session replaced by a renewal is kept until it expires (its inline links work until then).
     */
    async prune(now: number, unusedForMs?: number): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where((eb) =>
          eb.or([
            eb("expires_at", "<", now),
            eb("revoked_at", "is not", null),
            ...(unusedForMs === undefined
              ? []
              : [
                  eb.and([
                    eb("rotated_at", "is", null),
                    eb(eb.fn.coalesce("last_used_at", "created_at"), "<", now - unusedForMs),
                  ]),
                ]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
