import { createWriteStream } from "node:fs";
import { open, rm, stat, truncate } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { AppError, badRequest, conflict, forbidden, fromErrno, notFound } from "../../errors.js";
import { replaceWith, tempNameFor } from "../../storage/atomic-write.js";
import type { FileEvents } from "../../storage/events.js";
import type { ResourcesService } from "../resources/resources.service.js";
import type { UserRecord } from "../users/users.store.js";
import type { UploadsStore } from "./uploads.store.js";

/** An upload idle this long is abandoned and removed. */
export const ABANDONED_MS = 24 * 3600_000;

const locked = () => new AppError("LOCKED", "Another request is writing this upload; try again");

function parseOffset(raw: unknown, header: string): number {
  if (typeof raw !== "string" || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`${header} must be a non-negative whole number`);
  }
  return Number(raw);
}

/**
 * Counts bytes on their way to disk; past `limit` it writes nothing more but keeps reading, so
 * the client still receives the 400 instead of a reset connection.
 */
function limitBytes(limit: number, counter: { bytes: number; over: boolean }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit) counter.over = true;
      done(null, counter.over ? undefined : chunk);
    },
  });
}

/**
 * Resumable uploads, the tus subset of API.md §6 with Part A §7: bytes go to a hidden file in
 * the target's folder, which is renamed into place when the last byte arrives; progress lives
 * in the database so an upload resumes after a restart; one writer per upload at a time.
 */
export function createTusService(deps: {
  resources: ResourcesService;
  uploads: UploadsStore;
  events: FileEvents;
}) {
  const busy = new Set<string>();

  async function finish(upload: { target: string; temp: string; userId: number }): Promise<void> {
    const handle = await open(upload.temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await replaceWith(upload.temp, upload.target);
    await deps.uploads.remove(upload.target);
    deps.events.emit({ type: "uploaded", userId: upload.userId, abs: upload.target });
  }

  return {
    /** POST: starts (or restarts) an upload of `length` bytes. */
    async create(
      user: UserRecord,
      requestPath: string,
      override: boolean,
      lengthHeader: unknown,
    ): Promise<void> {
      if (!user.perm.create) throw forbidden("You may not upload files");
      const length = parseOffset(lengthHeader, "Upload-Length");
      const fs = await deps.resources.userFs(user);
      const target = await fs.resolve(requestPath);
      if (target.trailingSlash || target.path === "/")
        throw badRequest("An upload needs a file name");
      const existing = await stat(target.abs).catch(() => undefined);
      if (existing?.isDirectory()) throw conflict("A folder with this name already exists");
      if (existing && !override) throw conflict("A file with this name already exists");
      if (existing && !user.perm.modify) throw forbidden("You may not overwrite files");
      if (busy.has(target.abs)) throw locked();
      const previous = await deps.uploads.find(target.abs);
      if (previous) await rm(previous.temp, { force: true });
      try {
        await fs.ensureParent(target.abs);
        const temp = tempNameFor(target.abs);
        await (await open(temp, "w")).close();
        const upload = { target: target.abs, temp, userId: user.id, length, touchedAt: Date.now() };
        if (length === 0) await finish(upload);
        else await deps.uploads.put(upload);
      } catch (err) {
        throw fromErrno(err) ?? err;
      }
    },

    /** HEAD: how many bytes the server has, and of how many. */
    async offset(
      user: UserRecord,
      requestPath: string,
    ): Promise<{ offset: number; length: number }> {
      const fs = await deps.resources.userFs(user);
      const target = await fs.resolve(requestPath);
      const upload = await deps.uploads.find(target.abs);
      if (upload && upload.userId === user.id) {
        const size = (await stat(upload.temp).catch(() => undefined))?.size ?? 0;
        return { offset: size, length: upload.length };
      }
      const info = await stat(target.abs).catch(() => undefined);
      if (!info) throw notFound("No upload at this path");
      if (info.isDirectory()) throw badRequest("The path is a folder");
      return { offset: info.size, length: info.size };
    },

    /** PATCH: appends a chunk at `Upload-Offset`; returns the new offset. */
    async append(
      user: UserRecord,
      requestPath: string,
      offsetHeader: unknown,
      body: Readable | undefined,
    ): Promise<number> {
      const offset = parseOffset(offsetHeader, "Upload-Offset");
      const fs = await deps.resources.userFs(user);
      const target = await fs.resolve(requestPath);
      const upload = await deps.uploads.find(target.abs);
      if (!upload || upload.userId !== user.id) {
        const info = await stat(target.abs).catch(() => undefined);
        // Already complete (a retry of the last chunk): report the final size.
        if (info?.isFile() && info.size === offset) return offset;
        throw notFound("No upload at this path: start it with POST");
      }
      if (busy.has(target.abs)) throw locked();
      busy.add(target.abs);
      try {
        const size = (await stat(upload.temp).catch(() => undefined))?.size;
        if (size === undefined) throw notFound("The upload was cancelled");
        if (size !== offset)
          throw new AppError("OFFSET_MISMATCH", `The upload is at offset ${size}, not ${offset}`);
        const counter = { bytes: 0, over: false };
        if (body) {
          // A broken connection keeps what arrived: the client resumes from HEAD's offset.
          await pipeline(
            body,
            limitBytes(upload.length - offset, counter),
            createWriteStream(upload.temp, { flags: "a" }),
          );
        }
        if (counter.over) {
          // A chunk that does not fit changes nothing.
          await truncate(upload.temp, offset);
          throw badRequest("The chunk goes beyond the declared upload length");
        }
        const now = offset + counter.bytes;
        await deps.uploads.put({ ...upload, touchedAt: Date.now() });
        if (now === upload.length) await finish(upload);
        return now;
      } finally {
        busy.delete(target.abs);
      }
    },

    /** DELETE: cancels an upload in progress, or deletes the file like the resources route. */
    async cancel(user: UserRecord, requestPath: string): Promise<void> {
      const fs = await deps.resources.userFs(user);
      const target = await fs.resolve(requestPath);
      const upload = await deps.uploads.find(target.abs);
      if (upload && upload.userId === user.id) {
        await rm(upload.temp, { force: true });
        await deps.uploads.remove(upload.target);
        return;
      }
      await deps.resources.remove(user, requestPath);
    },

    /** Removes uploads idle for a day, with their partial data. */
    async sweep(): Promise<void> {
      for (const upload of await deps.uploads.olderThan(Date.now() - ABANDONED_MS)) {
        if (busy.has(upload.target)) continue;
        await rm(upload.temp, { force: true });
        await deps.uploads.remove(upload.target);
      }
    },
  };
}

export type TusService = ReturnType<typeof createTusService>;
