import { sql, type Selectable } from "kysely";
import type { ShareActivity, ShareMode } from "@scriptorium/shared";
import type { Db } from "../../db/database.js";
import type { SharesTable } from "../../db/schema.js";

/** A stored share link, password hash included: it never leaves the server as is. */
export interface ShareRecord {
  hash: string;
  path: string;
  userId: number;
  expire: number;
  passwordHash?: string;
  mode: ShareMode;
  created: number;
  maxDownloads?: number;
  downloads: number;
  maxUploadBytes?: number;
  maxUploads?: number;
  uploads: number;
}

export type NewShare = Omit<ShareRecord, "downloads" | "uploads">;

type ShareRow = Selectable<SharesTable>;

function fromRow(row: ShareRow): ShareRecord {
  return {
    hash: row.hash,
    path: row.path,
    userId: row.user_id,
    expire: row.expire,
    ...(row.password_hash !== null && { passwordHash: row.password_hash }),
    mode: row.mode === "upload" ? "upload" : "read",
    created: row.created_at,
    ...(row.max_downloads !== null && { maxDownloads: row.max_downloads }),
    downloads: row.downloads,
    ...(row.max_upload_bytes !== null && { maxUploadBytes: row.max_upload_bytes }),
    ...(row.max_uploads !== null && { maxUploads: row.max_uploads }),
    uploads: row.uploads,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Counts one download when the link has one left: false (nothing counted) when its limit
 * is reached. One statement, so two visitors never both take the last download.
 */
async function takeDownload(db: Db, hash: string): Promise<boolean> {
  const result = await db
    .updateTable("shares")
    .set({ downloads: sql`downloads + 1` })
    .where("hash", "=", hash)
    .where((eb) =>
      eb.or([eb("max_downloads", "is", null), eb("downloads", "<", eb.ref("max_downloads"))]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Counts a file received by a drop box. */
async function countUpload(db: Db, hash: string): Promise<void> {
  await db
    .updateTable("shares")
    .set({ uploads: sql`uploads + 1` })
    .where("hash", "=", hash)
    .execute();
}

async function addActivity(db: Db, hash: string, entry: ShareActivity): Promise<void> {
  await db
    .insertInto("share_activity")
    .values({
      hash,
      at: entry.at,
      kind: entry.kind,
      name: entry.name,
      size: entry.size,
      address: entry.address,
      visitor: entry.visitor ?? null,
    })
    .execute();
}

/** A link's activity, newest first, at most `limit` entries. */
async function activityOf(db: Db, hash: string, limit = 1000): Promise<ShareActivity[]> {
  const rows = await db
    .selectFrom("share_activity")
    .selectAll()
    .where("hash", "=", hash)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    kind: row.kind === "download" ? "download" : "upload",
    name: row.name,
    size: row.size,
    address: row.address,
    ...(row.visitor !== null && { visitor: row.visitor }),
  }));
}

/** All SQL of the `shares` and `share_activity` tables. Expired links are purged as they are met. */
export function createSharesStore(db: Db) {
  /** Deletes every expired link (their activity goes with them). */
  async function purgeExpired(): Promise<void> {
    await db
      .deleteFrom("shares")
      .where("expire", "!=", 0)
      .where("expire", "<=", nowSeconds())
      .execute();
  }

  return {
    async create(share: NewShare): Promise<void> {
      await db
        .insertInto("shares")
        .values({
          hash: share.hash,
          path: share.path,
          user_id: share.userId,
          expire: share.expire,
          password_hash: share.passwordHash ?? null,
          mode: share.mode,
          created_at: share.created,
          max_downloads: share.maxDownloads ?? null,
          max_upload_bytes: share.maxUploadBytes ?? null,
          max_uploads: share.maxUploads ?? null,
        })
        .execute();
    },

    /** A live link by hash; an expired one is deleted and not found. */
    async find(hash: string): Promise<ShareRecord | undefined> {
      const row = await db
        .selectFrom("shares")
        .selectAll()
        .where("hash", "=", hash)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expire !== 0 && row.expire <= nowSeconds()) {
        await db.deleteFrom("shares").where("hash", "=", hash).execute();
        return undefined;
      }
      return fromRow(row);
    },

    /** Live links, sorted by owner then expiry; of one owner, or of everyone (with names). */
    async list(
      ownerId: number | undefined,
    ): Promise<(ShareRecord & { username: string | undefined })[]> {
      await purgeExpired();
      let query = db
        .selectFrom("shares")
        .leftJoin("users", "users.id", "shares.user_id")
        .selectAll("shares")
        .select("users.username")
        .orderBy("shares.user_id")
        .orderBy("shares.expire")
        .orderBy("shares.created_at");
      if (ownerId !== undefined) query = query.where("shares.user_id", "=", ownerId);
      const rows = await query.execute();
      return rows.map((row) => ({ ...fromRow(row), username: row.username ?? undefined }));
    },

    /** The owner's live links to exactly `path` (trailing slash significant). */
    async forPath(ownerId: number, path: string): Promise<ShareRecord[]> {
      await purgeExpired();
      const rows = await db
        .selectFrom("shares")
        .selectAll()
        .where("user_id", "=", ownerId)
        .where("path", "=", path)
        .orderBy("expire")
        .orderBy("created_at")
        .execute();
      return rows.map(fromRow);
    },

    async remove(hash: string): Promise<void> {
      await db.deleteFrom("shares").where("hash", "=", hash).execute();
    },

    /** Replaces a link's password hash (a bcrypt one from File Browser by Argon2id), if unchanged. */
    async rehashPassword(hash: string, from: string, to: string): Promise<void> {
      await db
        .updateTable("shares")
        .set({ password_hash: to })
        .where("hash", "=", hash)
        .where("password_hash", "=", from)
        .execute();
    },

    takeDownload: (hash: string) => takeDownload(db, hash),
    countUpload: (hash: string) => countUpload(db, hash),
    addActivity: (hash: string, entry: ShareActivity) => addActivity(db, hash, entry),
    activity: (hash: string, limit?: number) => activityOf(db, hash, limit),
  };
}

export type SharesStore = ReturnType<typeof createSharesStore>;
