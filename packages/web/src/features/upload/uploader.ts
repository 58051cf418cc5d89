import { plainUpload } from "./plain-upload";
import { tusUpload } from "./tus-upload";
import type { Uploader } from "../../api/upload-types";

/** Resumable uploads need an http(s) page (API.md §6.2). */
export const isHttpPage = () => /^https?:$/.test(window.location.protocol);

/**
 * Chooses the protocol of a job (SPEC.md §5): folder entries and pages not served over http(s)
 * use the plain POST, every file otherwise (0-byte files included) the resumable upload.
 */
export const uploadJob: Uploader = (job, onProgress) =>
  job.type === "dir" || job.path.endsWith("/") || !isHttpPage()
    ? plainUpload(job, onProgress)
    : tusUpload(job, onProgress);
