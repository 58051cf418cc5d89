import { create } from "zustand";
import { trackAction } from "../../actions/action-status";
import { errorMessage } from "../../api/errors";
import i18n from "../../i18n";
import { announce } from "../../state/announcer";
import { showErrorToast } from "../../state/toast-store";
import { sampleSpeed, SPEED_SAMPLE_MS, startSpeed, type SpeedState } from "./speed";
import type { NewJob, UploadHandle, Uploader, UploadJob } from "../../api/upload-types";

/** SPEC.md §9: at most 5 uploads at a time; progress reaches the screen every 100 ms. */
export const MAX_PARALLEL_UPLOADS = 5;
export const PROGRESS_THROTTLE_MS = 100;
/** How long the upload button shows its success mark (SPEC.md §4 Buttons). */
export const SUCCESS_MS = 2500;
/**
 * How long the panel stays after a batch that went through (issue 31: a small upload is over
 * before it could be seen); it has a close button meanwhile. Failures stay until closed.
 */
export const LINGER_MS = 8000;

export interface UploadState {
  /**
   * The jobs of the current batch, in the order they were added; they stay a moment after it
   * (LINGER_MS), and failed ones until the panel is closed.
   */
  jobs: UploadJob[];
  /** idle → uploading → success (briefly, when every job went through) → idle. */
  status: "idle" | "uploading" | "success";
  /** Smoothed speed, MB/s (SPEC.md §9). */
  speed: number;
  /** Counts the moments listings must reload: a batch finished, or uploads were aborted. */
  reloads: number;
  /** The panel shows only its summary. */
  collapsed: boolean;
}

const INITIAL: UploadState = {
  jobs: [],
  status: "idle",
  speed: 0,
  reloads: 0,
  collapsed: false,
};

export const useUploadStore = create<UploadState>()(() => ({ ...INITIAL }));

const set = useUploadStore.setState;
const get = useUploadStore.getState;

/** What announcements count: the files, or the entries when only folders were chosen. */
export function countOf(jobs: readonly UploadJob[]): number {
  return jobs.filter((job) => job.type === "file").length || jobs.length;
}

/*
 * The upload button (SPEC.md §4): a spinner while a batch runs, the success mark when every
 * file went through. The batch is the button's tracked work. Screen readers hear that a batch
 * starts, with its count of files, through the polite live region.
 */
let endBatch: ((ok: boolean) => void) | null = null;
useUploadStore.subscribe((state, previous) => {
  if (state.status === "uploading" && previous.status !== "uploading") {
    const batch = new Promise<void>((resolve, reject) => {
      endBatch = (ok) => (ok ? resolve() : reject(new Error("upload batch ended without success")));
    });
    trackAction("upload", batch).catch(() => undefined);
    announce(i18n.t("upload.announceStart", { count: countOf(state.jobs.filter(isPending)) }));
  } else if (state.status !== "uploading" && previous.status === "uploading") {
    endBatch?.(state.status === "success");
    endBatch = null;
  }
});

const isPending = (job: UploadJob) =>
  job.state === "queued" || job.state === "active" || job.state === "paused";

let uploader: Uploader | null = null;
let nextId = 1;
/** Jobs running now; a job leaves when it finishes or is aborted. */
const running = new Map<number, UploadHandle>();
/** Progress received since the last flush to the store. */
const pendingProgress = new Map<number, number>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let speedTimer: ReturnType<typeof setInterval> | undefined;
let successTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
let speedState: SpeedState = startSpeed(0, 0);

/** Sets what performs a job (tus or plain POST; a fake in tests). */
export function setUploader(next: Uploader): void {
  uploader = next;
}

/** Bytes sent in the current batch. */
export const sentBytes = (jobs: readonly UploadJob[]) => jobs.reduce((n, job) => n + job.sent, 0);
export const totalBytes = (jobs: readonly UploadJob[]) => jobs.reduce((n, job) => n + job.size, 0);

function patchJobs(patches: ReadonlyMap<number, Partial<UploadJob>>): void {
  if (patches.size === 0) return;
  set((state) => ({
    jobs: state.jobs.map((job) => {
      const patch = patches.get(job.id);
      return patch ? { ...job, ...patch } : job;
    }),
  }));
}

function flushProgress(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const patches = new Map([...pendingProgress].map(([id, sent]) => [id, { sent }]));
  pendingProgress.clear();
  patchJobs(patches);
}

function onProgress(id: number, sent: number): void {
  if (!running.has(id)) return;
  pendingProgress.set(id, sent);
  flushTimer ??= setTimeout(flushProgress, PROGRESS_THROTTLE_MS);
}

function startSpeedSampling(): void {
  if (speedTimer !== undefined) return;
  speedState = startSpeed(sentBytes(get().jobs), Date.now());
  speedTimer = setInterval(() => {
    speedState = sampleSpeed(speedState, sentBytes(get().jobs), Date.now());
    set({ speed: speedState.speed });
  }, SPEED_SAMPLE_MS);
}

function stopTimers(): void {
  clearInterval(speedTimer);
  speedTimer = undefined;
  clearTimeout(flushTimer);
  flushTimer = undefined;
  pendingProgress.clear();
}

function settle(id: number, patch: Partial<UploadJob>): void {
  // An aborted job has already left: whatever its upload reports now is ignored.
  if (!running.delete(id)) return;
  flushProgress();
  patchJobs(new Map([[id, patch]]));
  if (patch.error) showErrorToast(patch.error);
  pump();
}

function start(job: UploadJob): void {
  if (!uploader) throw new Error("No uploader is set");
  let handle: UploadHandle;
  try {
    handle = uploader(job, (sent) => onProgress(job.id, sent));
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    handle = { done: Promise.reject(error), abort: () => Promise.resolve() };
  }
  running.set(job.id, handle);
  // Active once its handle is known: the panel offers pause when the handle can.
  patchJobs(new Map([[job.id, { state: "active" }]]));
  handle.done.then(
    () => settle(job.id, { state: "done", sent: job.size }),
    (err: unknown) => settle(job.id, { state: "error", error: errorMessage(err) }),
  );
}

/** What screen readers hear when a batch ends: the files that went, and those that failed. */
function announceEnd(jobs: readonly UploadJob[]): void {
  const done = jobs.filter((job) => job.state === "done");
  const failed = jobs.filter((job) => job.state === "error");
  const parts: string[] = [];
  if (done.length > 0) parts.push(i18n.t("upload.announceDone", { count: countOf(done) }));
  if (failed.length > 0) parts.push(i18n.t("upload.announceFailed", { count: countOf(failed) }));
  if (parts.length > 0) announce(parts.join(". "));
}

/**
 * The batch is over: reload listings, show success; the panel stays with every job a moment
 * (LINGER_MS), or with the failed ones until closed.
 */
function finish(): void {
  if (get().status !== "uploading") return;
  stopTimers();
  const { jobs } = get();
  const failed = jobs.filter((job) => job.state === "error");
  const succeeded = failed.length === 0 && jobs.some((job) => job.state === "done");
  set((state) => ({
    status: succeeded ? "success" : "idle",
    speed: 0,
    reloads: state.reloads + 1,
  }));
  announceEnd(jobs);
  if (succeeded) {
    successTimer = setTimeout(() => {
      if (get().status === "success") set({ status: "idle" });
    }, SUCCESS_MS);
  }
  lingerTimer = setTimeout(() => {
    const state = get();
    if (state.status === "uploading") return;
    // Failed jobs stay (they can be retried); the rest leave with the panel.
    set({ jobs: state.jobs.filter((job) => job.state === "error") });
  }, LINGER_MS);
}

/** Starts queued jobs while fewer than 5 run; ends the batch when nothing is left. */
function pump(): void {
  for (const job of get().jobs) {
    if (running.size >= MAX_PARALLEL_UPLOADS) break;
    if (job.state === "queued") start(job);
  }
  if (!get().jobs.some(isPending)) finish();
}

/** Adds jobs to the queue (SPEC.md §4) and starts what may start. */
export function enqueueUploads(newJobs: readonly NewJob[]): void {
  if (newJobs.length === 0) return;
  clearTimeout(successTimer);
  clearTimeout(lingerTimer);
  const added = newJobs.map<UploadJob>((job) => ({
    ...job,
    id: nextId++,
    sent: 0,
    state: "queued",
  }));
  set((state) => ({
    // Failures of an earlier batch make way for the new one.
    jobs: [...(state.status === "uploading" ? state.jobs : []), ...added],
    status: "uploading",
  }));
  startSpeedSampling();
  pump();
}

/** Aborts one job: a queued job is dropped, a running one is stopped and removed on the server. */
export async function abortUpload(id: number): Promise<void> {
  const handle = running.get(id);
  running.delete(id);
  pendingProgress.delete(id);
  set((state) => ({ jobs: state.jobs.filter((job) => job.id !== id) }));
  await handle?.abort().catch((err: unknown) => console.warn("abort failed", err));
  set((state) => ({ reloads: state.reloads + 1 }));
  pump();
}

/** Aborts every job (the panel's abort button), then reloads the listing (SPEC.md §4). */
export async function abortAllUploads(): Promise<void> {
  const handles = [...running.values()];
  running.clear();
  stopTimers();
  clearTimeout(successTimer);
  clearTimeout(lingerTimer);
  set({ jobs: [], status: "idle", speed: 0 });
  await Promise.all(
    handles.map((handle) =>
      handle.abort().catch((err: unknown) => console.warn("abort failed", err)),
    ),
  );
  set((state) => ({ reloads: state.reloads + 1 }));
}

/** Whether a job can be paused now (a resumable upload that is sending). */
export function canPause(id: number): boolean {
  return running.get(id)?.pause !== undefined;
}

/** Pauses a running resumable upload: it keeps what the server has. */
export function pauseUpload(id: number): void {
  const handle = running.get(id);
  if (!handle?.pause?.()) return;
  patchJobs(new Map([[id, { state: "paused" }]]));
}

/** Resumes a paused upload from where the server got to. */
export function resumeUpload(id: number): void {
  const handle = running.get(id);
  const job = get().jobs.find((candidate) => candidate.id === id);
  if (!handle?.resume || job?.state !== "paused") return;
  patchJobs(new Map([[id, { state: "active" }]]));
  handle.resume();
}

/** Uploads a failed job again; the finished jobs of its batch leave the panel. */
export function retryUpload(id: number): void {
  const job = get().jobs.find((candidate) => candidate.id === id);
  if (!job || job.state !== "error") return;
  clearTimeout(successTimer);
  clearTimeout(lingerTimer);
  set((state) => ({
    jobs: state.jobs
      .filter((other) => state.status === "uploading" || other.state !== "done")
      .map((other): UploadJob =>
        other.id === id ? { ...other, state: "queued", sent: 0, error: undefined } : other,
      ),
    status: "uploading",
  }));
  startSpeedSampling();
  pump();
}

/** Closes the panel after a batch: the jobs left on screen (done or failed) go. */
export function dismissUploads(): void {
  if (get().status === "uploading") return;
  clearTimeout(lingerTimer);
  set({ jobs: [] });
}

export function toggleUploadPanel(): void {
  set((state) => ({ collapsed: !state.collapsed }));
}

/** Test helper: forgets every job and timer. */
export function resetUploads(): void {
  running.clear();
  stopTimers();
  clearTimeout(successTimer);
  clearTimeout(lingerTimer);
  set({ ...INITIAL });
}
