import type { TusSettings } from "@scriptorium/shared";
import { DetailedError, Upload, type HttpResponse, type UploadOptions } from "tus-js-client";
import { errorFromAnswer } from "./errors";
import { getGlobals } from "../lib/globals";
import { retryDelays } from "./retry-delays";
import type { UploadHandle } from "./upload-types";
import { beginWrite, endWhenSettled } from "./local-writes";

/** SPEC.md §8 messages. */
export const NO_TUS_SETTINGS = "Tus.io settings are not defined";
export const CONNECTION_ABORTED = "001 Connection aborted";

/**
 * The chunk settings of the page (API.md §6.2): window.FileBrowser.TusSettings, never re-read
 * from /api/settings. Without injected globals (dev server, tests) the defaults apply; globals
 * without usable settings give null.
 */
export function tusSettings(): TusSettings | null {
  const injected = typeof window === "undefined" ? undefined : window.FileBrowser;
  const settings = injected ? injected.TusSettings : getGlobals().TusSettings;
  if (!settings || !(settings.chunkSize > 0)) return null;
  return settings;
}

function serverMessage(res: HttpResponse): string {
  return errorFromAnswer({ status: res.getStatus(), body: res.getBody() ?? "" }).message;
}

/** "Upload failed: {message}" with the server's message when it answered, SPEC.md §8. */
export function tusFailure(err: Error): string {
  if (err instanceof DetailedError) {
    if (err.originalResponse) return `Upload failed: ${serverMessage(err.originalResponse)}`;
    if (err.originalRequest) return `Upload failed: ${CONNECTION_ABORTED}`;
  }
  return `Upload failed: ${err.message}`;
}

const abortError = () => new DOMException("The upload was aborted", "AbortError");

/** One upload as the two uploaders (a user's files, a drop box's visitor) describe it. */
export interface TusTransfer {
  /** The content; null fails as settings that cannot upload. */
  file: Blob | null;
  /** The upload's URL: our POST creates it there, tus-js-client HEADs and PATCHes it. */
  url: string;
  /** Our POST declaring the length; resolves once the server has the upload. */
  create: () => Promise<unknown>;
  /** What a failed POST becomes. */
  createFailure: (err: unknown) => Error;
  /** Removes an upload the server has, when aborted before tus-js-client started. */
  cancel: () => Promise<unknown>;
  /** What a failed tus request becomes. */
  failure: (err: Error) => Error;
  /** Headers, metadata and request hooks for tus-js-client. */
  options: Partial<UploadOptions>;
}

/**
 * One resumable upload (API.md §6.2): our own POST, then tus-js-client on the same URL with the
 * page's chunk size and retries, one request at a time, nothing kept for resuming in the
 * browser. Abort terminates the upload on the server; an upload that finished is a file like
 * any other, and aborting it then changes nothing. `extra` lets tests put a fake server
 * (httpStack) behind the library.
 */
export function startTusUpload(
  transfer: TusTransfer,
  onProgress: (sent: number) => void,
  extra: Partial<UploadOptions> = {},
): UploadHandle {
  let upload: Upload | null = null;
  let creating: Promise<boolean> = Promise.resolve(false);
  let finished = false;
  let aborted = false;
  let fail: (err: unknown) => void = () => {};

  const done = new Promise<void>((resolve, reject) => {
    fail = reject;
    const settings = tusSettings();
    const file = transfer.file;
    if (!settings || !file) {
      reject(new Error(NO_TUS_SETTINGS));
      return;
    }
    creating = transfer.create().then(() => true);
    creating
      .then(() => {
        if (aborted) return;
        upload = new Upload(file, {
          uploadUrl: transfer.url,
          chunkSize: settings.chunkSize,
          retryDelays: retryDelays(settings.retryCount),
          parallelUploads: 1,
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: true,
          ...transfer.options,
          onProgress: (sent) => onProgress(sent),
          onSuccess: () => {
            finished = true;
            resolve();
          },
          onError: (err) => reject(transfer.failure(err)),
          ...extra,
        });
        upload.start();
      })
      .catch((err: unknown) => {
        if (!aborted) reject(transfer.createFailure(err));
      });
  });

  const abort = async () => {
    if (aborted || finished) return;
    aborted = true;
    fail(abortError());
    if (upload) {
      await upload.abort(true);
      return;
    }
    // The POST may still be on its way: once the server has the upload, cancel it.
    if (await creating.catch(() => false)) await transfer.cancel();
  };

  // Pause stops sending and keeps the upload on the server; resume asks it how far it got
  // (HEAD) and goes on from there. Not before the upload exists, nor after it ended.
  let paused = false;
  const pause = () => {
    if (!upload || paused || aborted || finished) return false;
    paused = true;
    void upload.abort(false);
    return true;
  };
  const resume = () => {
    if (!upload || !paused || aborted) return;
    paused = false;
    upload.start();
  };

  // Until it ends, the upload is this tab's own write (local-writes.ts).
  return { done: endWhenSettled(done, beginWrite()), abort, pause, resume };
}
