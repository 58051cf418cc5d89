import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getActionStatus } from "../../actions/action-status";
import { useAnnouncerStore } from "../../state/announcer";
import { useToastStore } from "../../state/toast-store";
import {
  abortAllUploads,
  abortUpload,
  canPause,
  dismissUploads,
  enqueueUploads,
  LINGER_MS,
  MAX_PARALLEL_UPLOADS,
  pauseUpload,
  resetUploads,
  resumeUpload,
  retryUpload,
  setUploader,
  SUCCESS_MS,
  useUploadStore,
} from "./upload-store";
import type { NewJob, UploadJob } from "../../api/upload-types";

/** A fake upload the test finishes by hand. */
interface Pending {
  job: UploadJob;
  progress: (sent: number) => void;
  resolve: () => void;
  reject: (err: Error) => void;
  abort: ReturnType<typeof vi.fn>;
}

let started: Pending[] = [];

function fakeUploader(job: UploadJob, progress: (sent: number) => void) {
  let resolve = () => {};
  let reject: (err: Error) => void = () => {};
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const abort = vi.fn(() => Promise.resolve());
  started.push({ job, progress, resolve, reject, abort });
  return { done, abort };
}

const files = (n: number, size = 100): NewJob[] =>
  Array.from({ length: n }, (_, i) => ({
    path: `/up/f${i}.bin`,
    name: `f${i}.bin`,
    file: new Blob([new Uint8Array(size)]),
    overwrite: false,
    type: "file",
    size,
  }));

const state = () => useUploadStore.getState();
const states = () => state().jobs.map((job) => job.state);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  started = [];
  resetUploads();
  setUploader(fakeUploader);
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  resetUploads();
  vi.useRealTimers();
});

describe("upload queue", () => {
  it("runs at most 5 jobs at a time; each goes queued → active → done", async () => {
    enqueueUploads(files(7));
    expect(state().status).toBe("uploading");
    expect(started).toHaveLength(MAX_PARALLEL_UPLOADS);
    expect(states()).toEqual([
      "active",
      "active",
      "active",
      "active",
      "active",
      "queued",
      "queued",
    ]);

    started[0]?.resolve();
    await settle();
    expect(states().slice(0, 1)).toEqual(["done"]);
    expect(started).toHaveLength(6);
    expect(states()[5]).toBe("active");
  });

  it("throttles progress to one store update per 100 ms", async () => {
    enqueueUploads(files(1, 1000));
    const updates = vi.fn();
    const unsubscribe = useUploadStore.subscribe(updates);
    for (let sent = 100; sent <= 500; sent += 100) started[0]?.progress(sent);
    expect(updates).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(updates).toHaveBeenCalledOnce();
    expect(state().jobs[0]?.sent).toBe(500);
    unsubscribe();
  });

  it("samples the speed every second", async () => {
    enqueueUploads(files(1, 10 * 1024 * 1024));
    started[0]?.progress(5 * 1024 * 1024);
    await vi.advanceTimersByTimeAsync(1000);
    // 5 MB in the first second: 0.2 × 5
    expect(state().speed).toBeCloseTo(1);
  });

  it("reloads listings and shows success when all are done; the jobs stay a moment", async () => {
    enqueueUploads(files(2));
    expect(getActionStatus("upload")).toBe("busy");
    const reloads = state().reloads;
    started.forEach((upload) => upload.resolve());
    await settle();
    expect(state().status).toBe("success");
    expect(states()).toEqual(["done", "done"]);
    expect(state().reloads).toBe(reloads + 1);
    expect(getActionStatus("upload")).toBe("done");
    await vi.advanceTimersByTimeAsync(SUCCESS_MS);
    expect(state().status).toBe("idle");
    expect(getActionStatus("upload")).toBeUndefined();
    expect(states()).toEqual(["done", "done"]);
    await vi.advanceTimersByTimeAsync(LINGER_MS - SUCCESS_MS);
    expect(state().jobs).toEqual([]);
  });

  it("announces the start and the end of a batch with its count of files (not 0)", async () => {
    const said = () => useAnnouncerStore.getState().polite;
    enqueueUploads(files(1));
    await vi.advanceTimersByTimeAsync(50);
    expect(said()).toBe("Uploading: 1 file");
    started[0]?.resolve();
    await vi.advanceTimersByTimeAsync(50);
    expect(said()).toBe("Upload complete: 1 file");

    enqueueUploads(files(2));
    await vi.advanceTimersByTimeAsync(50);
    expect(said()).toBe("Uploading: 2 files");
    started[1]?.resolve();
    started[2]?.resolve();
    await vi.advanceTimersByTimeAsync(50);
    expect(said()).toBe("Upload complete: 2 files");

    enqueueUploads(files(3));
    started[3]?.resolve();
    started[4]?.reject(new Error("Upload failed: disk full"));
    started[5]?.reject(new Error("Upload failed: disk full"));
    await vi.advanceTimersByTimeAsync(50);
    expect(said()).toBe("Upload complete: 1 file. Could not upload: 2 files");
  });

  it("keeps failed jobs with their message, toasts it, and goes on", async () => {
    enqueueUploads(files(2));
    started[0]?.reject(new Error("Upload failed: disk full"));
    await settle();
    expect(state().jobs[0]).toMatchObject({ state: "error", error: "Upload failed: disk full" });
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      "Upload failed: disk full",
    ]);
    started[1]?.resolve();
    await settle();
    expect(state().status).toBe("idle");
    expect(getActionStatus("upload")).toBeUndefined();
    expect(states()).toEqual(["error", "done"]);
    // A while later only the failure is left, until the panel is closed.
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(states()).toEqual(["error"]);
    dismissUploads();
    expect(state().jobs).toEqual([]);
  });

  it("retries a failed job: it runs again, the finished ones leave", async () => {
    enqueueUploads(files(2));
    started[0]?.reject(new Error("Upload failed: disk full"));
    started[1]?.resolve();
    await settle();
    const failed = state().jobs[0];
    retryUpload(failed?.id ?? 0);
    expect(state().status).toBe("uploading");
    expect(started).toHaveLength(3);
    expect(started[2]?.job.name).toBe("f0.bin");
    expect(states()).toEqual(["active"]);
    started[2]?.resolve();
    await settle();
    expect(state().status).toBe("success");
    expect(states()).toEqual(["done"]);
  });

  it("aborts every job (terminating running ones) and reloads the listing", async () => {
    enqueueUploads(files(7));
    const reloads = state().reloads;
    await abortAllUploads();
    expect(started.map((upload) => upload.abort.mock.calls.length)).toEqual([1, 1, 1, 1, 1]);
    expect(state()).toMatchObject({ jobs: [], status: "idle" });
    expect(state().reloads).toBe(reloads + 1);
    // What the aborted uploads report later changes nothing.
    started[0]?.resolve();
    await settle();
    expect(state().status).toBe("idle");
  });

  it("aborts one job and lets the next queued job start", async () => {
    enqueueUploads(files(6));
    const [first] = state().jobs;
    await abortUpload(first?.id ?? 0);
    expect(started[0]?.abort).toHaveBeenCalledOnce();
    expect(state().jobs).toHaveLength(5);
    expect(started).toHaveLength(6);
  });

  it("reports an uploader that throws as a failed job", async () => {
    setUploader(() => {
      throw new Error("Tus.io settings are not defined");
    });
    enqueueUploads(files(1));
    await settle();
    expect(state().jobs[0]).toMatchObject({
      state: "error",
      error: "Tus.io settings are not defined",
    });
  });

  it("pauses a resumable upload and resumes it; the batch waits for it", async () => {
    const pause = vi.fn(() => true);
    const resume = vi.fn();
    setUploader((job, progress) => ({ ...fakeUploader(job, progress), pause, resume }));
    enqueueUploads(files(1));
    const id = state().jobs[0]?.id ?? 0;
    expect(canPause(id)).toBe(true);
    pauseUpload(id);
    expect(pause).toHaveBeenCalledOnce();
    expect(states()).toEqual(["paused"]);
    expect(state().status).toBe("uploading");
    resumeUpload(id);
    expect(resume).toHaveBeenCalledOnce();
    expect(states()).toEqual(["active"]);
    started[0]?.resolve();
    await settle();
    expect(state().status).toBe("success");
  });

  it("does not pause an upload that cannot be paused", () => {
    enqueueUploads(files(1));
    const id = state().jobs[0]?.id ?? 0;
    expect(canPause(id)).toBe(false);
    pauseUpload(id);
    expect(states()).toEqual(["active"]);
  });
});
