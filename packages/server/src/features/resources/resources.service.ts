import path from "node:path";
import type { Readable } from "node:stream";
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm, type Resource } from "@scriptorium/shared";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.js";
import { etagOfStats } from "../../lib/etag.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";
import { fileChecksum } from "./checksum.js";
import { describeEntry, statEntry } from "./entry-info.js";
import type { ListingCache } from "./listing-cache.js";
import { imageResolution } from "./resolution.js";
import { findSubtitles } from "./subtitles.js";
import type { TrashService } from "../trash/trash.service.js";

/** ETag of a written file, as File Browser sends it. */
async function etagOf(fs: UserFs, abs: string): Promise<string> {
  return etagOfStats(await fs.statBig(abs));
}

/** The permission each write needs and the refusal's message. */
const WRITES = {
  create: ["create", "You may not create files here"],
  upload: ["create", "You may not upload files"],
  save: ["modify", "You may not modify files"],
  remove: ["delete", "You may not delete files"],
} as const;

/** Refuses a write the user has no permission for: before its hooks run, and in the method. */
export function authorizeWrite(user: UserRecord, write: keyof typeof WRITES): void {
  const [flag, message] = WRITES[write];
  if (!user.perm[flag]) throw forbidden(message);
}

/** File info, listings, creation, saving and deletion inside a user's scope (API.md §2.2–§2.8). */
export function createResourcesService(deps: {
  storage: Storage;
  events: FileEvents;
  listings: ListingCache;
  /** Where deletions go (none: deletion is immediate). */
  trash?: TrashService;
}) {
  const userFs = (user: UserRecord) => deps.storage.forUser(user);

  return {
    /**
     * GET /api/resources{path}: a folder listing or a file's info, content or checksum.
     * Content and checksums are the file's bytes in another form, so they need the download
     * permission like /api/raw (advisory CVE-2026-35606): without it the info comes without
     * `content`, and a checksum request is 403.
     */
    async get(user: UserRecord, requestPath: string, checksum?: string): Promise<Resource> {
      if (
        checksum !== undefined &&
        !(CHECKSUM_ALGORITHMS as readonly string[]).includes(checksum)
      ) {
        throw badRequest(
          `Unknown checksum algorithm "${checksum}": use md5, sha1, sha256 or sha512`,
        );
      }
      if (checksum && !user.perm.download) {
        throw forbidden("You do not have permission to download files");
      }
      const fs = await userFs(user);
      const target = await fs.resolve(requestPath);
      const stats = await statEntry(fs, target.abs);
      const name = target.path === "/" ? path.basename(fs.root) : path.posix.basename(target.path);
      const info = await describeEntry(fs, target.abs, requestPath, name, stats, true);
      if (info.isDir && stats.target) {
        const listing = await deps.listings.list(fs, target, user.sorting, stats.target);
        return { ...info, ...listing, sorting: user.sorting };
      }
      const resource: Resource = { ...info };
      if (info.type === "text" && !user.perm.modify) resource.type = "textImmutable";
      if (info.type === "image") {
        const resolution = await imageResolution(fs, target.abs, info.extension);
        if (resolution) resource.resolution = resolution;
      }
      if (info.type === "video") {
        const subtitles = await findSubtitles(fs, target.abs, target.path);
        if (subtitles.length) resource.subtitles = subtitles;
      }
      if (checksum) {
        resource.checksums = {
          [checksum]: await fileChecksum(fs, target.abs, checksum as ChecksumAlgorithm),
        };
      } else if (info.type === "text" && info.size > 0 && user.perm.download) {
        resource.content = await fs.readText(target.abs);
      }
      return resource;
    },

    /**
     * POST: a folder (trailing slash; existing is fine) or a file streamed from `body`;
     * 409 on an existing file unless `override`, which also needs modify. Returns the ETag.
     */
    async create(
      user: UserRecord,
      requestPath: string,
      override: boolean,
      body: Readable | undefined,
    ): Promise<string | undefined> {
      authorizeWrite(user, "create");
      const fs = await userFs(user);
      const target = await fs.resolve(requestPath);
      refuseReservedNames(target.path);
      if (target.trailingSlash || target.path === "/") {
        await fs.mkdir(target.abs);
        deps.events.emit({ type: "created", userId: user.id, abs: target.abs });
        return undefined;
      }
      const existing = await fs.statOrNone(target.abs);
      if (existing?.isDirectory()) throw conflict("A folder with this name already exists");
      if (existing && !override) throw conflict("A file with this name already exists");
      if (existing && !user.perm.modify) throw forbidden("You may not overwrite files");
      await fs.writeAtomic(target.abs, body);
      deps.events.emit({ type: existing ? "saved" : "created", userId: user.id, abs: target.abs });
      return etagOf(fs, target.abs);
    },

    /** PUT: replaces an existing file's content atomically. Returns the ETag. */
    async save(user: UserRecord, requestPath: string, body: Readable | undefined): Promise<string> {
      authorizeWrite(user, "save");
      const fs = await userFs(user);
      const target = await fs.resolve(requestPath);
      refuseReservedNames(target.path);
      if (target.trailingSlash)
        throw new AppError("METHOD_NOT_ALLOWED", "A folder cannot be saved");
      const existing = await fs.statOrNone(target.abs);
      if (!existing) throw notFound("No such file");
      if (existing.isDirectory()) throw badRequest("The path is a folder");
      await fs.writeAtomic(target.abs, body);
      deps.events.emit({ type: "saved", userId: user.id, abs: target.abs });
      return etagOf(fs, target.abs);
    },

    /**
     * DELETE: into the user's trash (or at once when the settings keep nothing), recursive; a
     * link is moved or removed as a link, never its target; the scope root never.
     */
    async remove(user: UserRecord, requestPath: string): Promise<void> {
      authorizeWrite(user, "remove");
      const fs = await userFs(user);
      const target = await fs.resolve(requestPath, { followLink: false });
      if (target.path === "/") throw forbidden("The root of your files cannot be deleted");
      await fs.lstat(target.abs);
      if (!(await deps.trash?.put(user, fs, target))) await fs.remove(target.abs);
      deps.events.emit({ type: "deleted", userId: user.id, abs: target.abs });
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
