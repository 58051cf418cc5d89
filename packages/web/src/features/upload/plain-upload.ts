import { apiUrl, reportUnauthorized, requestTokenRenewal } from "../../api/client";
import { errorFromAnswer, type StatusError } from "../../api/errors";
import { encodePath } from "../../lib/paths";
import { useAuthStore } from "../../state/auth-store";
import { beginWrite, endWhenSettled } from "../../api/local-writes";
import { CONNECTION_ABORTED } from "../../api/tus-client";
import type { UploadHandle, UploadJob } from "../../api/upload-types";

function failure(xhr: XMLHttpRequest): StatusError {
  return errorFromAnswer({
    status: xhr.status,
    statusText: xhr.statusText,
    contentType: xhr.getResponseHeader("content-type"),
    body: xhr.responseText,
  });
}

/**
 * The plain upload, `POST /api/resources{path}?override=…` with the whole body (API.md §2.6):
 * folder entries (paths ending in "/") and pages not served over http(s). XMLHttpRequest, not
 * fetch, because only it reports upload progress. SPEC.md §8: failures reject with the status
 * and the server's message; a broken connection with "001 Connection aborted".
 */
export function plainUpload(job: UploadJob, onProgress: (sent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.open("POST", apiUrl(`/api/resources${encodePath(job.path)}?override=${job.overwrite}`));
    xhr.setRequestHeader("X-Auth", useAuthStore.getState().jwt);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status === 401) reportUnauthorized();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failure(xhr));
        return;
      }
      if (xhr.getResponseHeader("X-Renew-Token") === "true") void requestTokenRenewal();
      onProgress(job.size);
      resolve();
    };
    xhr.onerror = () => reject(new Error(CONNECTION_ABORTED));
    xhr.onabort = () => reject(new DOMException("The upload was aborted", "AbortError"));
    xhr.send(job.file ?? "");
  });
  return {
    // Until it ends, the upload is this tab's own write (api/local-writes.ts).
    done: endWhenSettled(done, beginWrite()),
    abort: () => {
      xhr.abort();
      return Promise.resolve();
    },
  };
}
