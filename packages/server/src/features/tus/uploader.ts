import type { UserFs } from "../../storage/user-fs.js";
import type { UploadRecord } from "./uploads.store.js";

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

/** The same uploader: the same user, through the same drop box (or none). */
export const sameUploader = (upload: UploadRecord, who: Uploader) =>
  upload.userId === who.id && upload.viaShare === who.viaShare;

/** A new upload of `who` into `target`, its bytes staged in `temp`, touched now. */
export function newUpload(
  who: Uploader,
  target: string,
  temp: string,
  length: number,
): UploadRecord {
  return {
    target,
    temp,
    userId: who.id,
    length,
    touchedAt: Date.now(),
    ...(who.viaShare !== undefined && { viaShare: who.viaShare }),
  };
}
