/**
 * Where an upload job is (SPEC.md §4): queued, then active (paused by the user for a while,
 * issue 31), then finished (done or error).
 */
export type JobState = "queued" | "active" | "paused" | "done" | "error";

/** One file or folder to upload (SPEC.md §3 Upload job). */
export interface UploadJob {
  id: number;
  /** Decoded destination path in the user's scope; a folder's ends with "/". */
  path: string;
  /** What the panel shows: the path relative to the folder uploaded into. */
  name: string;
  /** The content; null for a folder entry (created with the plain POST). */
  file: Blob | null;
  /** Replace an existing file (override=true). */
  overwrite: boolean;
  type: "file" | "dir";
  /** Bytes to send. */
  size: number;
  /** Bytes sent so far. */
  sent: number;
  state: JobState;
  /** SPEC.md §8 message when the job failed. */
  error?: string;
}

/** What starting a job gives: its completion, and a way to stop it (removing what it left). */
export interface UploadHandle {
  done: Promise<void>;
  abort: () => Promise<void>;
  /** Stops sending, keeping what was sent (resumable uploads); false when it cannot now. */
  pause?: () => boolean;
  /** Goes on from where the server got to. */
  resume?: () => void;
}

/** Starts one job; `onProgress` receives the bytes sent so far. */
export type Uploader = (job: UploadJob, onProgress: (sent: number) => void) => UploadHandle;

/** A job as the caller describes it; the queue adds id, progress and state. */
export type NewJob = Pick<UploadJob, "path" | "name" | "file" | "overwrite" | "type" | "size">;
