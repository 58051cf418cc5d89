import { apiCall, apiUrl, reportUnauthorized, requestTokenRenewal } from "../../api/client";
import { isStatusError } from "../../api/errors";
import { encodePath } from "../../lib/paths";
import { useAuthStore } from "../../state/auth-store";
import type { UploadOptions } from "tus-js-client";
import { CONNECTION_ABORTED, startTusUpload, tusFailure } from "../../api/tus-client";
import type { UploadHandle, UploadJob } from "../../api/upload-types";

/** The upload URL: the file's own path under /api/tus, with the override query. */
export function tusUrl(path: string, overwrite: boolean): string {
  return apiUrl(`/api/tus${encodePath(path)}?override=${String(overwrite)}`);
}

/** A failed POST: "Failed to create an upload: {status} {text}" (SPEC.md §8). */
function createFailure(err: unknown): Error {
  if (isStatusError(err, 0)) return new Error(`Upload failed: ${CONNECTION_ABORTED}`);
  if (isStatusError(err)) {
    return new Error(`Failed to create an upload: ${err.status} ${err.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * One file of a signed-in user (API.md §6.2): our POST with Upload-Length (201), then
 * tus-js-client. Every request carries the token current at that moment, so an upload outlives
 * a token renewal (File Browser #2931).
 */
export function tusUpload(
  job: UploadJob,
  onProgress: (sent: number) => void,
  extra: Partial<UploadOptions> = {},
): UploadHandle {
  const request = { path: job.path };
  return startTusUpload(
    {
      file: job.file,
      url: tusUrl(job.path, job.overwrite),
      create: () =>
        apiCall("tusCreate", {
          ...request,
          query: { override: String(job.overwrite) },
          headers: { "Upload-Length": String(job.file?.size ?? 0) },
        }),
      createFailure,
      cancel: () => apiCall("tusCancel", request),
      failure: (err) => new Error(tusFailure(err)),
      options: {
        onBeforeRequest: (req) => {
          req.setHeader("X-Auth", useAuthStore.getState().jwt);
        },
        onAfterResponse: (_req, res) => {
          if (res.getStatus() === 401) reportUnauthorized();
          else if (res.getHeader("X-Renew-Token") === "true") void requestTokenRenewal();
        },
      },
    },
    onProgress,
    extra,
  );
}
