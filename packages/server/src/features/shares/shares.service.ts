import { randomBytes } from "node:crypto";
import {
  shareDurationSeconds,
  SHARE_DURATION_MAX,
  type CreateShareBody,
  type Share,
  type ShareActivity,
  type ShareMode,
} from "@scriptorium/shared";
import { badRequest, forbidden, notFound } from "../../errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { normalizeRequestPath } from "../../lib/safe-path.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import type { Storage } from "../../storage/storage.js";
import type { UserRecord } from "../users/users.store.js";
import type { ShareRecord, SharesStore } from "./shares.store.js";

/** 16 random bytes: 128 bits, 22 base64url characters (API.md Part A §12). */
export function newShareHash(): string {
  return randomBytes(16).toString("base64url");
}

/** The JSON of a link for its owner or an admin: never the password hash. */
export function shareJson(share: ShareRecord, username?: string): Share {
  return {
    hash: share.hash,
    path: share.path,
    userID: share.userId,
    ...(username !== undefined && { username }),
    expire: share.expire,
    mode: share.mode,
    hasPassword: share.passwordHash !== undefined,
    created: share.created,
    ...(share.maxDownloads !== undefined && { maxDownloads: share.maxDownloads }),
    downloads: share.downloads,
    ...(share.maxUploadBytes !== undefined && { maxUploadBytes: share.maxUploadBytes }),
    ...(share.maxUploads !== undefined && { maxUploads: share.maxUploads }),
    uploads: share.uploads,
  };
}

/** A limit from the body: a whole number, where 0 or empty means none. */
function parseLimit(raw: number | string | undefined, what: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  const value = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw badRequest(`${what} must be a whole number (0 for no limit)`);
  }
  return value === 0 ? undefined : value;
}

function parseMode(raw: string | undefined): ShareMode {
  if (raw === undefined || raw === "" || raw === "read") return "read";
  if (raw === "upload") return "upload";
  throw badRequest(`Unknown share mode "${raw}": use read or upload`);
}

/** The normalised owner path of a request path, as links are looked up by it. */
function linkPath(requestPath: string): string {
  try {
    return normalizeRequestPath(requestPath).path;
  } catch {
    throw badRequest("Invalid path");
  }
}

const requireShare = (user: UserRecord) => {
  if (!user.perm.share) throw forbidden("You do not have permission to share files");
};

/**
 * Share links of signed-in users (API.md Part B §7.2 with Part A §12): listing, creation of a
 * link to a path that exists and passes the owner's rules, deletion by the owner or an admin.
 */
export function createSharesService(deps: {
  store: SharesStore;
  storage: Storage;
  /** The activity log: links made and removed. */
  activity?: ActivityRecorder;
}) {
  async function ownedOrAdmin(user: UserRecord, rawHash: string): Promise<ShareRecord> {
    const hash = rawHash.replace(/^\/+|\/+$/g, "");
    if (hash === "") throw badRequest("The share hash is missing");
    const share = await deps.store.find(hash);
    if (!share) throw notFound("This share link does not exist");
    if (share.userId !== user.id && !user.perm.admin) {
      throw forbidden("Only the owner of a link or an administrator may do this");
    }
    return share;
  }

  return {
    /** Every live link for admins (with owner names), one's own for the others. */
    async list(user: UserRecord): Promise<Share[]> {
      requireShare(user);
      const shares = await deps.store.list(user.perm.admin ? undefined : user.id);
      return shares.map((s) => shareJson(s, user.perm.admin ? s.username : undefined));
    },

    /** The caller's links to `requestPath` (a folder with or without its trailing slash). */
    async forPath(user: UserRecord, requestPath: string): Promise<Share[]> {
      requireShare(user);
      const wanted = linkPath(requestPath);
      const shares = await deps.store.forPath(user.id, wanted);
      const folder = wanted === "/" ? [] : await deps.store.forPath(user.id, `${wanted}/`);
      return [...shares, ...folder].map((s) => shareJson(s));
    },

    async create(user: UserRecord, requestPath: string, body: CreateShareBody): Promise<Share> {
      requireShare(user);
      const mode = parseMode(body.mode);
      if (mode === "read" && !user.perm.download) {
        throw forbidden("You do not have permission to download files, so you cannot share them");
      }
      if (mode === "upload" && !user.perm.create) {
        throw forbidden(
          "You do not have permission to create files, so you cannot open a drop box",
        );
      }
      const expires = (body.expires ?? "").trim();
      let expire = 0;
      if (expires !== "") {
        const seconds = shareDurationSeconds(expires, body.unit);
        if (seconds === undefined) {
          throw badRequest(`The duration must be a whole number from 0 to ${SHARE_DURATION_MAX}`);
        }
        if (seconds > 0) expire = Math.floor(Date.now() / 1000) + seconds;
      }
      const fs = await deps.storage.forUser(user);
      const target = await fs.resolve(requestPath);
      const stats = await fs.stat(target.abs);
      const isDir = stats.isDirectory();
      if (mode === "upload" && !isDir) throw badRequest("A drop box must be a folder");
      const password = (body.password ?? "").trim();
      const record = {
        hash: newShareHash(),
        path: isDir && target.path !== "/" ? `${target.path}/` : target.path,
        userId: user.id,
        expire,
        ...(password !== "" && { passwordHash: await hashPassword(password) }),
        mode,
        created: Math.floor(Date.now() / 1000),
        maxDownloads: parseLimit(body.maxDownloads, "The download limit"),
        ...(mode === "upload" && {
          maxUploadBytes: parseLimit(body.maxUploadBytes, "The size limit"),
          maxUploads: parseLimit(body.maxUploads, "The file-count limit"),
        }),
      } satisfies Omit<ShareRecord, "downloads" | "uploads">;
      await deps.store.create(record);
      await deps.activity?.record({
        action: "share-create",
        abs: target.abs,
        detail: `${record.hash} (${mode})`,
      });
      return shareJson({ ...record, downloads: 0, uploads: 0 });
    },

    /** DELETE /api/share/{hash}: the owner or an admin; unknown 404, others 403. */
    async remove(user: UserRecord, rawHash: string): Promise<void> {
      requireShare(user);
      const share = await ownedOrAdmin(user, rawHash);
      await deps.store.remove(share.hash);
      // The path as the owner saw it; an admin removing another's link names none.
      const where =
        share.userId === user.id
          ? await (await deps.storage.forUser(user)).resolve(share.path).catch(() => undefined)
          : undefined;
      await deps.activity?.record({
        action: "share-delete",
        ...(where && { abs: where.abs }),
        detail: share.hash,
      });
    },

    /** What visitors did with a link: the owner's or an admin's to see. */
    async activity(user: UserRecord, hash: string): Promise<ShareActivity[]> {
      requireShare(user);
      const share = await ownedOrAdmin(user, hash);
      return deps.store.activity(share.hash);
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
