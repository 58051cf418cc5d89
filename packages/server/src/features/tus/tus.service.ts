import type { Readable } from "node:stream";
import { badRequest, notFound } from "../../errors.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { ResourcesService } from "../resources/resources.service.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "../users/users.store.js";
import { createAppendChunk, type ChunkHeaders } from "./append-chunk.js";
import { createStartUpload } from "./start-upload.js";
import { createUploadState } from "./upload-state.js";
import { sameUploader, type Uploader } from "./uploader.js";
import type { UploadsStore } from "./uploads.store.js";
import type { UploadWriters } from "./upload-writers.js";

export type { Appended } from "./append-chunk.js";
export type { Uploader } from "./uploader.js";

/** An upload idle this long is abandoned and removed. */
export const ABANDONED_MS = 24 * 3600_000;

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
  writers: UploadWriters;
}) {
  const state = createUploadState(deps);
  const { writers, ends, staged } = state;
  const createAs = createStartUpload(state, deps.uploads);
  const appendAs = createAppendChunk(state, deps);

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

  /** DELETE: cancels one's upload in progress; true when there was one. */
  async function cancelAs(who: Uploader, requestPath: string): Promise<boolean> {
    const target = await who.fs.resolve(requestPath);
    const upload = await deps.uploads.find(target.abs);
    if (!upload || !sameUploader(upload, who)) return false;
    state.markCancelled(upload.temp);
    await state.discard(upload, who);
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
      headers: ChunkHeaders,
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

    /** Drops a user's uploads in progress and their bytes (the user is being deleted). */
    async dropUploadsOf(userId: number): Promise<void> {
      for (const upload of await deps.uploads.ofUser(userId)) await state.discard(upload);
    },

    /** Removes uploads idle for a day, with their partial data. */
    async sweep(): Promise<void> {
      for (const upload of await deps.uploads.olderThan(Date.now() - ABANDONED_MS)) {
        if (!(await writers.held(upload.target))) await state.discard(upload);
      }
    },
  };
}

export type TusService = ReturnType<typeof createTusService>;
