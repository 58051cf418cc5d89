import { AppError, badRequest, conflict, forbidden } from "../../errors.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import { tempNameFor } from "../../storage/atomic-write.js";
import { parseLength } from "./tus-headers.js";
import { UNKNOWN_LENGTH } from "./upload-end.js";
import { locked, type UploadState } from "./upload-state.js";
import { newUpload, sameUploader, type Uploader } from "./uploader.js";
import type { UploadsStore } from "./uploads.store.js";

/** After this long without a chunk, another user may restart an upload at the same path. */
const OTHERS_UPLOAD_IDLE_MS = 3_600_000;

/** POST of tus: starts (or restarts) uploads, through the upload state and the uploads table. */
export function createStartUpload(state: UploadState, uploads: UploadsStore) {
  const { writers, ends, staged } = state;

  /**
   * Another user's upload in progress at the same path is theirs to finish or cancel: a POST
   * restarts only one's own (or one left idle for an hour).
   */
  async function dropPrevious(who: Uploader, target: string): Promise<void> {
    const previous = await uploads.find(target);
    if (!previous) return;
    if (!sameUploader(previous, who) && Date.now() - previous.touchedAt < OTHERS_UPLOAD_IDLE_MS)
      throw new AppError("LOCKED", "Another user is uploading this file; try again later");
    state.markCancelled(previous.temp);
    await staged(who).remove(previous.temp);
  }

  /** POST: starts (or restarts) an upload, of `length` bytes when the client says so. */
  return async function createAs(
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
    if (await writers.held(target.abs)) throw locked();
    ends.forget(target.abs);
    await dropPrevious(who, target.abs);
    await fs.ensureParent(target.abs);
    const upload = newUpload(who, target.abs, tempNameFor(target.abs), length);
    await staged(who).create(upload.temp);
    if (length === 0) await state.finish(upload, who);
    else await uploads.put(upload);
  };
}
