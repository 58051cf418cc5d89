import { DetailedError, type UploadOptions } from "tus-js-client";
import { apiUrl, fetchOrFail, toStatusError } from "../../api/client";
import { errorFromAnswer, StatusError } from "../../api/errors";
import { startTusUpload, tusFailure } from "../../api/tus-client";
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
  return startTusUpload(
    {
      file: target.file,
      url,
      create: () => createInBox(url, headers, target),
      createFailure: (err) => (err instanceof Error ? err : new Error(String(err))),
      cancel: () =>
        fetch(url, { method: "DELETE", headers, credentials: "omit" }).catch(() => undefined),
      failure: tusError,
      options: { headers, metadata: target.uploader ? { uploader: target.uploader } : {} },
    },
    onProgress,
    extra,
  );
}

/** The POST that opens the upload in the box: 201, else the server's error. */
async function createInBox(
  url: string,
  headers: Record<string, string>,
  target: DropBoxFile,
): Promise<void> {
  const metadata = uploadMetadata({ uploader: target.uploader });
  const res = await fetchOrFail(url, {
    method: "POST",
    credentials: "omit",
    headers: {
      ...headers,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(target.file.size),
      ...(metadata && { "Upload-Metadata": metadata }),
    },
  });
  if (res.status !== 201) throw await toStatusError(res);
}
