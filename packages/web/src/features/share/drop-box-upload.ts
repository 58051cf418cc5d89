import { DetailedError, Upload, type UploadOptions } from "tus-js-client";
import { apiUrl } from "../../api/client";
import { errorFromAnswer, NO_CONNECTION_MESSAGE, StatusError } from "../../api/errors";
import { retryDelays } from "../../api/retry-delays";
import { NO_TUS_SETTINGS, tusFailure, tusSettings } from "../../api/tus-upload";
import type { UploadHandle } from "../../api/upload-types";
import { passwordHeaders } from "./public-share-api";

/** A file sent to a drop box: where, with the link's password and the visitor's name. */
export interface DropBoxFile {
  hash: string;
  file: Blob;
  /** The name the file takes in the box. */
  name: string;
  password?: string;
  /** What the visitor calls themselves (optional). */
  uploader?: string;
}

/** The upload URL: the file's own path in the box, as /api/tus uses the file's path. */
export function dropBoxUrl(hash: string, name: string): string {
  return apiUrl(`/api/public/tus/${encodeURIComponent(hash)}/${encodeURIComponent(name)}`);
}

/** tus `Upload-Metadata`: `key base64(value)` pairs, the value UTF-8. */
export function uploadMetadata(entries: Record<string, string | undefined>): string {
  return Object.entries(entries)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => {
      let binary = "";
      for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
      return `${key} ${btoa(binary)}`;
    })
    .join(",");
}

/** The error of a failed tus request, with the status the server gave (0: none). */
function tusError(err: Error): StatusError {
  const res = err instanceof DetailedError ? err.originalResponse : null;
  if (!res) return new StatusError(tusFailure(err), 0);
  const answer = errorFromAnswer({ status: res.getStatus(), body: res.getBody() ?? "" });
  return new StatusError(tusFailure(err), answer.status, { code: answer.code });
}

const abortError = () => new DOMException("The upload was aborted", "AbortError");

/**
 * One resumable upload into a drop box, in the dialect of our own uploader (features/upload,
 * API.md §6): our POST declares the length (and the visitor's name in Upload-Metadata), then
 * tus-js-client HEADs and PATCHes the same URL. Fails with a StatusError: 409 the name exists,
 * 413 too large, 403 the box is full. Abort cancels the upload on the server.
 */
export function dropBoxUpload(
  target: DropBoxFile,
  onProgress: (sent: number) => void,
  extra: Partial<UploadOptions> = {},
): UploadHandle {
  const url = dropBoxUrl(target.hash, target.name);
  const headers = passwordHeaders(target.password);
  let upload: Upload | null = null;
  let creating: Promise<boolean> = Promise.resolve(false);
  let finished = false;
  let aborted = false;
  let fail: (err: unknown) => void = () => {};

  const done = new Promise<void>((resolve, reject) => {
    fail = reject;
    const settings = tusSettings();
    if (!settings) {
      reject(new Error(NO_TUS_SETTINGS));
      return;
    }
    const metadata = uploadMetadata({ uploader: target.uploader });
    creating = fetch(url, {
      method: "POST",
      credentials: "omit",
      headers: {
        ...headers,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(target.file.size),
        ...(metadata && { "Upload-Metadata": metadata }),
      },
    }).then(
      async (res) => {
        if (res.status === 201) return true;
        throw errorFromAnswer({
          status: res.status,
          statusText: res.statusText,
          contentType: res.headers.get("content-type"),
          body: await res.text().catch(() => ""),
        });
      },
      () => {
        throw new StatusError(NO_CONNECTION_MESSAGE, 0);
      },
    );
    creating
      .then(() => {
        if (aborted) return;
        upload = new Upload(target.file, {
          uploadUrl: url,
          chunkSize: settings.chunkSize,
          retryDelays: retryDelays(settings.retryCount),
          parallelUploads: 1,
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: true,
          headers,
          metadata: target.uploader ? { uploader: target.uploader } : {},
          onProgress: (sent) => onProgress(sent),
          onSuccess: () => {
            finished = true;
            resolve();
          },
          onError: (err) => reject(tusError(err)),
          ...extra,
        });
        upload.start();
      })
      .catch((err: unknown) => {
        if (!aborted) reject(err instanceof Error ? err : new Error(String(err)));
      });
  });

  // A file that arrived is the owner's now: aborting afterwards changes nothing.
  const abort = async () => {
    if (aborted || finished) return;
    aborted = true;
    fail(abortError());
    if (upload) {
      await upload.abort(true);
      return;
    }
    if (await creating.catch(() => false)) {
      await fetch(url, { method: "DELETE", headers, credentials: "omit" }).catch(() => undefined);
    }
  };

  return { done, abort };
}
