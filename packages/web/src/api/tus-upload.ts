import type { TusSettings } from "@scriptorium/shared";
import { DetailedError, Upload, type HttpResponse, type UploadOptions } from "tus-js-client";
import { apiCall, apiUrl, reportUnauthorized, requestTokenRenewal, sessionToken } from "./client";
import { errorFromAnswer, isStatusError } from "./errors";
import { getGlobals } from "../lib/globals";
import { encodePath } from "../lib/paths";
import { retryDelays } from "./retry-delays";
import type { UploadHandle, UploadJob } from "./upload-types";

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

/** The upload URL: the file's own path under /api/tus, with the override query. */
export function tusUrl(path: string, overwrite: boolean): string {
  return apiUrl(`/api/tus${encodePath(path)}?override=${String(overwrite)}`);
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

/**
 * One resumable upload (API.md §6.2): our own POST with Upload-Length (201, or "Failed to
 * create an upload: {status} {text}"), then tus-js-client on the same URL, which only HEADs and
 * PATCHes. Every request carries the token current at that moment, so an upload outlives a
 * token renewal (File Browser #2931). Abort terminates the upload on the server (DELETE).
 * `extra` lets tests put a fake server (httpStack) behind the library.
 */
export function tusUpload(
  job: UploadJob,
  onProgress: (sent: number) => void,
  extra: Partial<UploadOptions> = {},
): UploadHandle {
  let upload: Upload | null = null;
  let creating: Promise<unknown> = Promise.resolve();
  let created = false;
  let finished = false;
  let aborted = false;
  let fail: (err: unknown) => void = () => {};

  const done = new Promise<void>((resolve, reject) => {
    fail = reject;
    const settings = tusSettings();
    if (!settings || !job.file) {
      reject(new Error(NO_TUS_SETTINGS));
      return;
    }
    const file = job.file;
    creating = apiCall("tusCreate", {
      path: job.path,
      query: { override: String(job.overwrite) },
      headers: { "Upload-Length": String(file.size) },
    });
    creating
      .then(() => {
        created = true;
        if (aborted) return;
        upload = new Upload(file, {
          uploadUrl: tusUrl(job.path, job.overwrite),
          chunkSize: settings.chunkSize,
          retryDelays: retryDelays(settings.retryCount),
          parallelUploads: 1,
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: true,
          onBeforeRequest: (req) => {
            req.setHeader("X-Auth", sessionToken());
          },
          onAfterResponse: (_req, res) => {
            if (res.getStatus() === 401) reportUnauthorized();
            else if (res.getHeader("X-Renew-Token") === "true") void requestTokenRenewal();
          },
          onProgress: (sent) => onProgress(sent),
          onSuccess: () => {
            finished = true;
            resolve();
          },
          onError: (err) => reject(new Error(tusFailure(err))),
          ...extra,
        });
        upload.start();
      })
      .catch((err: unknown) => {
        if (aborted) return;
        if (isStatusError(err, 0)) reject(new Error(`Upload failed: ${CONNECTION_ABORTED}`));
        else if (isStatusError(err)) {
          reject(new Error(`Failed to create an upload: ${err.status} ${err.message}`));
        } else reject(err instanceof Error ? err : new Error(String(err)));
      });
  });

  // A finished upload is a file like any other: aborting it now must not delete it.
  const abort = async () => {
    if (aborted || finished) return;
    aborted = true;
    fail(abortError());
    if (upload) {
      await upload.abort(true);
      return;
    }
    // The POST may still be on its way: once the server has the upload, cancel it.
    await creating.catch(() => undefined);
    if (created) await apiCall("tusCancel", { path: job.path });
  };

  return { done, abort };
}
