import { AppError } from "../../errors.js";
import type { FileEvents } from "../../storage/events.js";
import { createStagedFiles, type StagedFiles } from "../../storage/staged-files.js";
import type { Storage } from "../../storage/storage.js";
import { createUploadEnds } from "./upload-end.js";
import type { UploadWriters } from "./upload-writers.js";
import type { Uploader } from "./uploader.js";
import type { UploadRecord, UploadsStore } from "./uploads.store.js";

/** How long a cancelled upload's staged name is remembered against late writers. */
const CANCELLED_MEMORY_MS = 10 * 60_000;

/** The answer to a request on an upload another request is writing. */
export const locked = () =>
  new AppError("LOCKED", "Another request is writing this upload; try again");

/**
 * What the server knows of the uploads in progress besides their rows: which are being
 * written, which were just cancelled or just finished through a drop box, how lengthless ones
 * end (upload-end.ts); and the two ways an upload leaves the table: placed, or discarded.
 */
export function createUploadState(deps: {
  storage: Storage;
  uploads: UploadsStore;
  events: FileEvents;
  /** Which request writes each upload, across instances (upload-writers.ts). */
  writers: UploadWriters;
}) {
  /** Staged files anywhere under the server's root (the sweep, a deleted user's uploads). */
  const anywhere = deps.storage.serverFiles();
  /** The staged files of an upload, seen from its uploader's view (or from the server's). */
  const staged = (who: Uploader | undefined): StagedFiles => createStagedFiles(who?.fs ?? anywhere);
  /**
   * Staged files of cancelled uploads, remembered for a while: a PATCH that raced the cancel
   * (tus-js-client cuts its PATCH and sends DELETE at once) removes what it may have recreated.
   */
  const cancelled = new Set<string>();
  /**
   * Files a drop box just received, by the box: its visitor may retry the last chunk (its
   * answer was lost) and learn the final size, while nobody else learns anything of a file.
   */
  const finishedVia = new Map<string, string>();
  const ends = createUploadEnds();

  return {
    staged,
    writers: deps.writers,
    ends,
    wasCancelled: (temp: string) => cancelled.has(temp),
    markCancelled(temp: string): void {
      cancelled.add(temp);
      setTimeout(() => cancelled.delete(temp), CANCELLED_MEMORY_MS).unref();
    },
    /** The drop box that just finished the file at `target`, if one did. */
    finishedVia: (target: string) => finishedVia.get(target),

    /** Puts a complete upload in place (`guessed`: a lengthless upload's end was guessed). */
    async finish(upload: UploadRecord, who: Uploader, guessed = false): Promise<void> {
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
      deps.events.emit({
        type: "uploaded",
        userId: upload.userId,
        abs: upload.target,
        ...(upload.viaShare !== undefined && { viaShare: upload.viaShare }),
      });
    },

    /** Forgets an upload and removes its staged bytes (`who`: seen from its uploader's view). */
    async discard(upload: UploadRecord, who?: Uploader): Promise<void> {
      ends.forget(upload.target);
      await staged(who).remove(upload.temp);
      await deps.uploads.remove(upload.target);
    },
  };
}

export type UploadState = ReturnType<typeof createUploadState>;
