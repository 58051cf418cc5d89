import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import { tempNameFor } from "../../storage/atomic-write.js";
import type { FileEvents } from "../../storage/events.js";
import { createStagedFiles, type StagedFiles } from "../../storage/staged-files.js";
import type { ResourcesService } from "../resources/resources.service.js";
import type { Storage } from "../../storage/storage.js";
import type { UserFs } from "../../storage/user-fs.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "../users/users.store.js";
import { createUploadEnds, endsUpload, UNKNOWN_LENGTH } from "./upload-end.js";
import type { UploadRecord, UploadsStore } from "./uploads.store.js";
import { countReceived } from "../../lib/received-buffers.js";

/** After this long without a chunk, another user may restart an upload at the same path. */
const OTHERS_UPLOAD_IDLE_MS = 3_600_000;

/** An upload idle this long is abandoned and removed. */
export const ABANDONED_MS = 24 * 3600_000;
/** How long a cancelled upload's staged name is remembered against late writers. */
const CANCELLED_MEMORY_MS = 10 * 60_000;

const locked = () => new AppError("LOCKED", "Another request is writing this upload; try again");

/** The length a POST or PATCH declares: a number, or none (absent, or `Upload-Defer-Length: 1`). */
function parseLength(raw: unknown): number | undefined {
  return raw === undefined ? undefined : parseOffset(raw, "Upload-Length");
}

function parseOffset(raw: unknown, header: string): number {
  if (typeof raw !== "string" || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`${header} must be a non-negative whole number`);
  }
  return Number(raw);
}

/**
 * Who sends an upload, in which view of the files, and what they may do there: a signed-in
 * user in their scope, or a visitor of a drop box (uploads of the box's owner, inside the
 * shared folder, never overwriting and never reading).
 */
export interface Uploader {
  /** The user the upload belongs to (a drop box's owner). */
  id: number;
  fs: UserFs;
  mayCreate: boolean;
  mayOverwrite: boolean;
  /** HEAD of a finished file reports its size, DELETE of a file deletes it (users only). */
  mayReadAndDelete: boolean;
  /** The drop box (share hash) the upload comes through. */
  viaShare?: string;
}

/** The end of a PATCH: the new offset, and the file when that chunk completed it. */
export interface Appended {
  offset: number;
  finished?: { abs: string; size: number };
}

/** The same uploader: the same user, through the same drop box (or none). */
const sameUploader = (upload: UploadRecord, who: Uploader) =>
  upload.userId === who.id && upload.viaShare === who.viaShare;

/** A Content-Length header that announces at most `room` bytes. */
function fitsIn(contentLength: unknown, room: number): boolean {
  return (
    typeof contentLength === "string" &&
    /^\d+$/.test(contentLength) &&
    Number(contentLength) <= room
  );
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
 * Resumable uploads, the tus subset of API.md §6 with Part A §7 and §17: bytes go to a hidden
 * file in the target's folder, renamed into place when the upload is complete; progress lives
 * in the database so an upload resumes after a restart; one writer per upload at a time.
 *
 * An upload knows its end when its client declares a length (on POST, or on a later PATCH as
 * deferred-length clients do). Without one (File Browser 2.31), the end is a whole chunk
 * shorter than a full one, an empty chunk, or SETTLE_MS of silence after a full chunk; a file
 * placed on that guess goes back to staging if its uploader sends more (upload-end.ts).
 */
export function createTusService(deps: {
  resources: ResourcesService;
  storage: Storage;
  uploads: UploadsStore;
  events: FileEvents;
  settings: Pick<SettingsStore, "getSettings">;
}) {
  /** Staged files anywhere under the server's root (the sweep, a deleted user's uploads). */
  const anywhere = deps.storage.serverFiles();
  /** The staged files of an upload, seen from its uploader's view (or from the server's). */
  const staged = (who: Uploader | undefined): StagedFiles => createStagedFiles(who?.fs ?? anywhere);
  const busy = new Set<string>();
  /**
   * Staged files of cancelled uploads, remembered for a while: a PATCH that raced the cancel
   * (tus-js-client cuts its PATCH and sends DELETE at once) removes what it may have recreated.
   */
  const cancelled = new Set<string>();
  const markCancelled = (temp: string) => {
    cancelled.add(temp);
    setTimeout(() => cancelled.delete(temp), CANCELLED_MEMORY_MS).unref();
  };
  const ends = createUploadEnds();
  /**
   * Files a drop box just received, by the box: its visitor may retry the last chunk (its
   * answer was lost) and learn the final size, while nobody else learns anything of a file.
   */
  const finishedVia = new Map<string, string>();

  async function finish(upload: UploadRecord, who: Uploader, guessed = false): Promise<void> {
    const placed = await staged(who).place(upload.temp, upload.target);
    await deps.uploads.remove(upload.target);
    ends.forget(upload.target);
    if (guessed) {
      ends.placedByGuess(upload.target, {
        userId: upload.userId,
        ino: placed.ino,
        size: placed.size,
      });
    }
    if (upload.viaShare !== undefined) {
      finishedVia.set(upload.target, upload.viaShare);
      setTimeout(() => finishedVia.delete(upload.target), CANCELLED_MEMORY_MS).unref();
    }
    deps.events.emit({ type: "uploaded", userId: upload.userId, abs: upload.target });
  }

  /** After a full chunk of a lengthless upload: complete unless more comes within SETTLE_MS. */
  function settleLater(upload: UploadRecord, who: Uploader, size: number): void {
    ends.settleLater(upload.target, async () => {
      if (busy.has(upload.target)) return;
      busy.add(upload.target);
      try {
        const now = await deps.uploads.find(upload.target);
        const sizeNow = now && (await staged(who).size(now.temp));
        if (now?.temp === upload.temp && now.length === UNKNOWN_LENGTH && sizeNow === size)
          await finish(now, who, true);
      } finally {
        busy.delete(upload.target);
      }
    });
  }

  /**
   * A file put in place on a guess, whose uploader sends more at its end: back to staging, so
   * the rest arrives hidden like the beginning did.
   */
  async function reopen(who: Uploader, target: string, offset: number) {
    const placed = ends.takePlaced(target, who.id);
    const info = await who.fs.lstatOrNone(target);
    if (!placed || !info?.isFile() || info.ino !== placed.ino || info.size !== offset) return;
    const upload: UploadRecord = {
      target,
      temp: tempNameFor(target),
      userId: who.id,
      length: UNKNOWN_LENGTH,
      touchedAt: Date.now(),
      ...(who.viaShare !== undefined && { viaShare: who.viaShare }),
    };
    await who.fs.rename(target, upload.temp);
    await deps.uploads.put(upload);
    ends.sawChunk(target, placed.size);
    return upload;
  }

  /** POST: starts (or restarts) an upload, of `length` bytes when the client says so. */
  async function createAs(
    who: Uploader,
    requestPath: string,
    override: boolean,
    lengthHeader: unknown,
  ): Promise<void> {
    if (!who.mayCreate) throw forbidden("You may not upload files");
    const length = parseLength(lengthHeader) ?? UNKNOWN_LENGTH;
    const fs = who.fs;
    const target = await fs.resolve(requestPath);
    refuseReservedNames(target.path);
    if (target.trailingSlash || target.path === "/")
      throw badRequest("An upload needs a file name");
    const existing = await fs.statOrNone(target.abs);
    if (existing?.isDirectory()) throw conflict("A folder with this name already exists");
    if (existing && !override) throw conflict("A file with this name already exists");
    if (existing && !who.mayOverwrite) throw forbidden("You may not overwrite files");
    if (busy.has(target.abs)) throw locked();
    ends.forget(target.abs);
    const previous = await deps.uploads.find(target.abs);
    // Another user's upload in progress at the same path is theirs to finish or cancel: a
    // POST restarts only one's own (or one left idle for an hour).
    if (
      previous &&
      !sameUploader(previous, who) &&
      Date.now() - previous.touchedAt < OTHERS_UPLOAD_IDLE_MS
    ) {
      throw new AppError("LOCKED", "Another user is uploading this file; try again later");
    }
    if (previous) {
      markCancelled(previous.temp);
      await staged(who).remove(previous.temp);
    }
    await fs.ensureParent(target.abs);
    const temp = tempNameFor(target.abs);
    await staged(who).create(temp);
    const upload: UploadRecord = {
      target: target.abs,
      temp,
      userId: who.id,
      length,
      touchedAt: Date.now(),
      ...(who.viaShare !== undefined && { viaShare: who.viaShare }),
    };
    if (length === 0) await finish(upload, who);
    else await deps.uploads.put(upload);
  }

  /** HEAD: how many bytes the server has, and of how many (UNKNOWN_LENGTH: not said yet). */
  async function offsetAs(
    who: Uploader,
    requestPath: string,
  ): Promise<{ offset: number; length: number }> {
    const target = await who.fs.resolve(requestPath);
    const upload = await deps.uploads.find(target.abs);
    if (upload && sameUploader(upload, who)) {
      const stagedSize = await staged(who).size(upload.temp);
      const placed = stagedSize === undefined ? await who.fs.lstatOrNone(target.abs) : undefined;
      if (placed?.isFile() && placed.size === upload.length) {
        // Stopped between the rename into place and forgetting the upload: it is complete.
        await deps.uploads.remove(upload.target);
        return { offset: placed.size, length: placed.size };
      }
      return { offset: stagedSize ?? 0, length: upload.length };
    }
    if (!who.mayReadAndDelete) throw notFound("No upload at this path");
    const info = await who.fs.statOrNone(target.abs);
    if (!info) throw notFound("No upload at this path");
    if (info.isDirectory()) throw badRequest("The path is a folder");
    return { offset: info.size, length: info.size };
  }

  /**
   * PATCH: appends a chunk at `Upload-Offset`; returns the new offset. `Upload-Length` may
   * come with it when the POST declared none.
   */
  async function appendAs(
    who: Uploader,
    requestPath: string,
    headers: { offset: unknown; length: unknown; contentLength: unknown },
    body: Readable | undefined,
  ): Promise<Appended> {
    const offset = parseOffset(headers.offset, "Upload-Offset");
    const declared = parseLength(headers.length);
    const target = await who.fs.resolve(requestPath);
    let upload = await deps.uploads.find(target.abs);
    if (!upload || !sameUploader(upload, who)) {
      const info = await who.fs.lstatOrNone(target.abs);
      const mayKnow =
        who.mayReadAndDelete ||
        (who.viaShare !== undefined && finishedVia.get(target.abs) === who.viaShare);
      if (mayKnow && info?.isFile() && info.size === offset) {
        // More bytes after a guessed end reopen the upload; otherwise the upload is complete
        // and this is a retry of its last chunk: report the final size.
        const more = headers.contentLength !== "0";
        upload = more && !busy.has(target.abs) ? await reopen(who, target.abs, offset) : undefined;
        if (!upload) return { offset };
      } else throw notFound("No upload at this path: start it with POST");
    }
    if (busy.has(target.abs)) throw locked();
    busy.add(target.abs);
    const temp = upload.temp;
    const out = await staged(who).open(upload.temp);
    try {
      if (out === undefined) throw notFound("The upload was cancelled");
      const size = out.size;
      if (size !== offset)
        throw new AppError("OFFSET_MISMATCH", `The upload is at offset ${size}, not ${offset}`);
      // A chunk at the right offset: the upload goes on (a cut one leaves no guessed end).
      ends.unsettle(target.abs);
      if (declared !== undefined && declared !== upload.length) {
        if (upload.length !== UNKNOWN_LENGTH)
          throw badRequest(`Upload-Length differs from the ${upload.length} declared before`);
        if (declared < offset) throw badRequest("Upload-Length is below the bytes received");
        upload = { ...upload, length: declared };
        await deps.uploads.put(upload);
      }
      const room = upload.length === UNKNOWN_LENGTH ? Infinity : upload.length - offset;
      const counter = { bytes: 0, over: false };
      if (body) {
        // Up to 1 MiB waits while a write runs, then goes in one writev: the socket is paused
        // less often than with 16 KiB (bench: "Resumable upload").
        const stream = out.writeStream(offset, 1 << 20);
        countReceived(body);
        // A broken connection keeps what arrived: the client resumes from HEAD's offset.
        if (fitsIn(headers.contentLength, room)) {
          // The HTTP parser delivers exactly Content-Length bytes (and refuses it beside
          // Transfer-Encoding): no stage needs to count them.
          await pipeline(body, stream);
          counter.bytes = stream.bytesWritten;
        } else await pipeline(body, limitBytes(room, counter), stream);
      }
      if (counter.over) {
        // A chunk that does not fit changes nothing.
        await out.truncate(offset);
        throw badRequest("The chunk goes beyond the declared upload length");
      }
      if (cancelled.has(temp)) throw notFound("The upload was cancelled");
      const now = offset + counter.bytes;
      upload = { ...upload, touchedAt: Date.now() };
      await deps.uploads.put(upload);
      if (upload.length !== UNKNOWN_LENGTH) {
        if (now === upload.length) {
          await out.close();
          await finish(upload, who);
          return { offset: now, finished: { abs: target.abs, size: now } };
        }
      } else if (endsUpload(counter.bytes, await chunkSize(), ends.largest(target.abs))) {
        await out.close();
        await finish(upload, who, true);
      } else {
        ends.sawChunk(target.abs, counter.bytes);
        settleLater(upload, who, now);
      }
      return { offset: now };
    } finally {
      busy.delete(target.abs);
      await out?.close();
      // Cancelled meanwhile: remove what a late write may have left.
      if (cancelled.has(temp)) await staged(who).remove(temp);
    }
  }

  /** DELETE: cancels one's upload in progress; true when there was one. */
  async function cancelAs(who: Uploader, requestPath: string): Promise<boolean> {
    const target = await who.fs.resolve(requestPath);
    const upload = await deps.uploads.find(target.abs);
    if (!upload || !sameUploader(upload, who)) return false;
    ends.forget(target.abs);
    markCancelled(upload.temp);
    await staged(who).remove(upload.temp);
    await deps.uploads.remove(upload.target);
    return true;
  }

  /** A signed-in user uploading into their scope, with their permissions. */
  async function userUploader(user: UserRecord): Promise<Uploader> {
    return {
      id: user.id,
      fs: await deps.storage.forUser(user),
      mayCreate: user.perm.create,
      mayOverwrite: user.perm.modify,
      mayReadAndDelete: true,
    };
  }

  return {
    createAs,
    offsetAs,
    appendAs,
    cancelAs,
    async create(user: UserRecord, requestPath: string, override: boolean, lengthHeader: unknown) {
      return createAs(await userUploader(user), requestPath, override, lengthHeader);
    },
    async offset(user: UserRecord, requestPath: string) {
      return offsetAs(await userUploader(user), requestPath);
    },
    async append(
      user: UserRecord,
      requestPath: string,
      headers: { offset: unknown; length: unknown; contentLength: unknown },
      body: Readable | undefined,
    ): Promise<number> {
      return (await appendAs(await userUploader(user), requestPath, headers, body)).offset;
    },
    /** DELETE: cancels an upload in progress, or deletes the file like the resources route. */
    async cancel(user: UserRecord, requestPath: string): Promise<void> {
      if (await cancelAs(await userUploader(user), requestPath)) return;
      const target = await (await deps.storage.forUser(user)).resolve(requestPath);
      await deps.resources.remove(user, requestPath);
      ends.forget(target.abs);
    },

    /** Removes uploads idle for a day, with their partial data. */
    /** Drops a user's uploads in progress and their bytes (the user is being deleted). */
    async dropUploadsOf(userId: number): Promise<void> {
      for (const upload of await deps.uploads.ofUser(userId)) {
        ends.forget(upload.target);
        await staged(undefined).remove(upload.temp);
        await deps.uploads.remove(upload.target);
      }
    },

    async sweep(): Promise<void> {
      for (const upload of await deps.uploads.olderThan(Date.now() - ABANDONED_MS)) {
        if (busy.has(upload.target)) continue;
        ends.forget(upload.target);
        await staged(undefined).remove(upload.temp);
        await deps.uploads.remove(upload.target);
      }
    },
  };

  /** The chunk size the page gives File Browser's web client. */
  async function chunkSize(): Promise<number> {
    return (await deps.settings.getSettings()).tus.chunkSize;
  }
}

export type TusService = ReturnType<typeof createTusService>;
