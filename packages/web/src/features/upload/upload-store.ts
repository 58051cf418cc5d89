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

export interface UploadState {
  /** The jobs of the current batch, in the order they were added. */
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

/*
 * The upload button (SPEC.md §4): a spinner while a batch runs, the success mark when every
 * file went through. The batch is the button's tracked work.
 */
let endBatch: ((ok: boolean) => void) | null = null;
useUploadStore.subscribe((state, previous) => {
  if (state.status === "uploading" && previous.status !== "uploading") {
    const batch = new Promise<void>((resolve, reject) => {
      endBatch = (ok) => (ok ? resolve() : reject(new Error("upload batch ended without success")));
    });
    trackAction("upload", batch).catch(() => undefined);
    announce(i18n.t("upload.announceStart", { count: state.jobs.length }));
  } else if (state.status !== "uploading" && previous.status === "uploading") {
    if (state.status === "success") {
      announce(i18n.t("upload.announceDone", { count: state.jobs.length }));
    }
    endBatch?.(state.status === "success");
    endBatch = null;
  }
});

let uploader: Uploader | null = null;
let nextId = 1;
/** Jobs running now; a job leaves when it finishes or is aborted. */
const running = new Map<number, UploadHandle>();
/** Progress received since the last flush to the store. */
const pendingProgress = new Map<number, number>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let speedTimer: ReturnType<typeof setInterval> | undefined;
let successTimer: ReturnType<typeof setTimeout> | undefined;
let speedState: SpeedState = startSpeed(0, 0);

/** Sets what performs a job (tus or plain POST; a fake in tests). */
export function setUploader(next: Uploader): void {
  uploader = next;
}

const isPending = (job: UploadJob) => job.state === "queued" || job.state === "active";

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
  patchJobs(new Map([[job.id, { state: "active" }]]));
  let handle: UploadHandle;
  try {
    handle = uploader(job, (sent) => onProgress(job.id, sent));
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    handle = { done: Promise.reject(error), abort: () => Promise.resolve() };
  }
  running.set(job.id, handle);
  handle.done.then(
    () => settle(job.id, { state: "done", sent: job.size }),
    (err: unknown) => settle(job.id, { state: "error", error: errorMessage(err) }),
  );
}

/** The batch is over: keep the failed jobs on screen, reload listings, show success. */
function finish(): void {
  if (get().status !== "uploading") return;
  stopTimers();
  const { jobs } = get();
  const failed = jobs.filter((job) => job.state === "error");
  const succeeded = failed.length === 0 && jobs.some((job) => job.state === "done");
  set((state) => ({
    jobs: failed,
    status: succeeded ? "success" : "idle",
    speed: 0,
    reloads: state.reloads + 1,
  }));
  if (succeeded) {
    successTimer = setTimeout(() => {
      if (get().status === "success") set({ status: "idle" });
    }, SUCCESS_MS);
  }
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
  set({ jobs: [], status: "idle", speed: 0 });
  await Promise.all(
    handles.map((handle) =>
      handle.abort().catch((err: unknown) => console.warn("abort failed", err)),
    ),
  );
  set((state) => ({ reloads: state.reloads + 1 }));
}

/** Clears the failed jobs left on screen after a batch. */
export function dismissUploads(): void {
  if (get().status !== "uploading") set({ jobs: [] });
}

export function toggleUploadPanel(): void {
  set((state) => ({ collapsed: !state.collapsed }));
}

/** Test helper: forgets every job and timer. */
export function resetUploads(): void {
  running.clear();
  stopTimers();
  clearTimeout(successTimer);
  set({ ...INITIAL });
}
