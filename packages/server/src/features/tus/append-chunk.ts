import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError, badRequest, notFound } from "../../errors.js";
import { countReceived } from "../../lib/received-buffers.js";
import { tempNameFor } from "../../storage/atomic-write.js";
import type { StagedOut } from "../../storage/staged-files.js";
import type { SettingsStore } from "../settings/settings.store.js";
import { fitsIn, parseLength, parseOffset } from "./tus-headers.js";
import { endsUpload, UNKNOWN_LENGTH } from "./upload-end.js";
import { locked, type UploadState } from "./upload-state.js";
import { newUpload, sameUploader, type Uploader } from "./uploader.js";
import type { UploadRecord, UploadsStore } from "./uploads.store.js";

/** The headers of a PATCH that matter, as received. */
export interface ChunkHeaders {
  offset: unknown;
  length: unknown;
  contentLength: unknown;
}

/** The end of a PATCH: the new offset, and the file when that chunk completed it. */
export interface Appended {
  offset: number;
  finished?: { abs: string; size: number };
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
 * Writes a chunk's body at `offset`, at most `room` bytes; returns how many it wrote. A chunk
 * that does not fit changes nothing (400). A broken connection keeps what arrived: the client
 * resumes from HEAD's offset.
 */
async function writeChunk(
  out: StagedOut,
  body: Readable | undefined,
  offset: number,
  room: number,
  contentLength: unknown,
): Promise<number> {
  if (!body) return 0;
  // Up to 1 MiB waits while a write runs, then goes in one writev: the socket is paused less
  // often than with 16 KiB (bench: "Resumable upload").
  const stream = out.writeStream(offset, 1 << 20);
  countReceived(body);
  if (fitsIn(contentLength, room)) {
    // The HTTP parser delivers exactly Content-Length bytes (and refuses it beside
    // Transfer-Encoding): no stage needs to count them.
    await pipeline(body, stream);
    return stream.bytesWritten;
  }
  const counter = { bytes: 0, over: false };
  await pipeline(body, limitBytes(room, counter), stream);
  if (counter.over) {
    await out.truncate(offset);
    throw badRequest("The chunk goes beyond the declared upload length");
  }
  return counter.bytes;
}

/** The upload with the length a PATCH declares, when the POST declared none (stored). */
async function withDeclaredLength(
  uploads: UploadsStore,
  upload: UploadRecord,
  declared: number | undefined,
  offset: number,
): Promise<UploadRecord> {
  if (declared === undefined || declared === upload.length) return upload;
  if (upload.length !== UNKNOWN_LENGTH)
    throw badRequest(`Upload-Length differs from the ${upload.length} declared before`);
  if (declared < offset) throw badRequest("Upload-Length is below the bytes received");
  const longer = { ...upload, length: declared };
  await uploads.put(longer);
  return longer;
}

/**
 * Whether the upload is still the one in the table: a DELETE through another instance while
 * this one wrote removed it (and its staged file, which this instance's descriptor outlived).
 */
async function stillUnder(uploads: UploadsStore, upload: UploadRecord): Promise<boolean> {
  return (await uploads.find(upload.target))?.temp === upload.temp;
}

/** What a PATCH works with. */
interface AppendContext {
  state: UploadState;
  uploads: UploadsStore;
  settings: Pick<SettingsStore, "getSettings">;
}

/** After a full chunk of a lengthless upload: complete unless more comes within SETTLE_MS. */
function settleLater(ctx: AppendContext, upload: UploadRecord, who: Uploader, size: number): void {
  const { writers, ends, staged } = ctx.state;
  ends.settleLater(upload.target, async () => {
    const claim = await writers.claim(upload.target);
    if (!claim) return;
    try {
      const now = await ctx.uploads.find(upload.target);
      const sizeNow = now && (await staged(who).size(now.temp));
      if (now?.temp === upload.temp && now.length === UNKNOWN_LENGTH && sizeNow === size)
        await ctx.state.finish(now, who, true);
    } finally {
      await claim.release();
    }
  });
}

/**
 * A file put in place on a guess, whose uploader sends more at its end: back to staging, so
 * the rest arrives hidden like the beginning did.
 */
async function reopen(ctx: AppendContext, who: Uploader, target: string, offset: number) {
  const { ends } = ctx.state;
  const placed = ends.takePlaced(target, who.id);
  const info = await who.fs.lstatOrNone(target);
  if (!placed || !info?.isFile() || info.ino !== placed.ino || info.size !== offset) return;
  const upload = newUpload(who, target, tempNameFor(target), UNKNOWN_LENGTH);
  await who.fs.rename(target, upload.temp);
  await ctx.uploads.put(upload);
  ends.sawChunk(target, placed.size);
  return upload;
}

/**
 * The upload a chunk for `target` goes to: the uploader's own, or one reopened after a guessed
 * end. Undefined: the file is complete and this is a retry of its last chunk.
 */
async function uploadFor(
  ctx: AppendContext,
  who: Uploader,
  target: string,
  offset: number,
  contentLength: unknown,
): Promise<UploadRecord | undefined> {
  const upload = await ctx.uploads.find(target);
  if (upload && sameUploader(upload, who)) return upload;
  const info = await who.fs.lstatOrNone(target);
  const mayKnow =
    who.mayReadAndDelete ||
    (who.viaShare !== undefined && ctx.state.finishedVia(target) === who.viaShare);
  if (!mayKnow || !info?.isFile() || info.size !== offset)
    throw notFound("No upload at this path: start it with POST");
  // More bytes after a guessed end reopen the upload; otherwise the upload is complete and this
  // is a retry of its last chunk: report the final size.
  const more = contentLength !== "0";
  return more && !(await ctx.state.writers.held(target))
    ? await reopen(ctx, who, target, offset)
    : undefined;
}

/** What a chunk received whole means: the file is complete, or more is to come. */
async function afterChunk(
  ctx: AppendContext,
  upload: UploadRecord,
  who: Uploader,
  out: StagedOut,
  now: number,
  bytes: number,
): Promise<Appended> {
  const { state } = ctx;
  if (upload.length !== UNKNOWN_LENGTH) {
    if (now !== upload.length) return { offset: now };
    await out.close();
    await state.finish(upload, who);
    return { offset: now, finished: { abs: upload.target, size: now } };
  }
  const chunkSize = (await ctx.settings.getSettings()).tus.chunkSize;
  if (endsUpload(bytes, chunkSize, state.ends.largest(upload.target))) {
    await out.close();
    await state.finish(upload, who, true);
  } else {
    state.ends.sawChunk(upload.target, bytes);
    settleLater(ctx, upload, who, now);
  }
  return { offset: now };
}

/**
 * PATCH of tus: appends a chunk at `Upload-Offset` and places the file when it is complete,
 * declared or guessed (upload-end.ts).
 */
export function createAppendChunk(
  state: UploadState,
  deps: { uploads: UploadsStore; settings: Pick<SettingsStore, "getSettings"> },
) {
  const ctx: AppendContext = { state, uploads: deps.uploads, settings: deps.settings };
  const { writers, ends, staged } = state;

  /**
   * PATCH: appends a chunk at `Upload-Offset`; returns the new offset. `Upload-Length` may
   * come with it when the POST declared none.
   */
  return async function appendAs(
    who: Uploader,
    requestPath: string,
    headers: ChunkHeaders,
    body: Readable | undefined,
  ): Promise<Appended> {
    const offset = parseOffset(headers.offset, "Upload-Offset");
    const declared = parseLength(headers.length);
    const target = await who.fs.resolve(requestPath);
    let upload = await uploadFor(ctx, who, target.abs, offset, headers.contentLength);
    if (!upload) return { offset };
    const claim = await writers.claim(target.abs);
    if (!claim) throw locked();
    const temp = upload.temp;
    let out: StagedOut | undefined;
    try {
      out = await staged(who).open(temp);
      if (out === undefined) throw notFound("The upload was cancelled");
      if (out.size !== offset)
        throw new AppError("OFFSET_MISMATCH", `The upload is at offset ${out.size}, not ${offset}`);
      // A chunk at the right offset: the upload goes on (a cut one leaves no guessed end).
      ends.unsettle(target.abs);
      upload = await withDeclaredLength(deps.uploads, upload, declared, offset);
      const room = upload.length === UNKNOWN_LENGTH ? Infinity : upload.length - offset;
      const bytes = await writeChunk(out, body, offset, room, headers.contentLength);
      if (state.wasCancelled(temp) || !(await stillUnder(deps.uploads, upload)))
        throw notFound("The upload was cancelled");
      upload = { ...upload, touchedAt: Date.now() };
      await deps.uploads.put(upload);
      return await afterChunk(ctx, upload, who, out, offset + bytes, bytes);
    } finally {
      await claim.release();
      await out?.close();
      // Cancelled meanwhile: remove what a late write may have left.
      if (state.wasCancelled(temp)) await staged(who).remove(temp);
    }
  };
}
