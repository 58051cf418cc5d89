import { useCallback, useEffect, useRef, useState } from "react";
import { isStatusError } from "../../api/errors";
import type { UploadHandle } from "../../api/upload-types";
import { dropBoxUpload, type DropBoxFile } from "./drop-box-upload";

/** Where one file sent to a drop box is. */
export type DropState =
  | "queued"
  | "active"
  | "done"
  /** 409: a file of that name is already in the box (a box never overwrites). */
  | "exists"
  /** 413: larger than the box accepts. */
  | "tooLarge"
  /** 403: the box has received all the files it accepts. */
  | "full"
  | "failed"
  | "cancelled";

export interface DropItem {
  id: number;
  name: string;
  size: number;
  sent: number;
  state: DropState;
  /** The server's message when the upload failed otherwise. */
  message?: string;
}

/** The state an upload's failure leaves it in. */
export function failureState(err: unknown): { state: DropState; message?: string } {
  if (err instanceof DOMException && err.name === "AbortError") return { state: "cancelled" };
  if (isStatusError(err, 409)) return { state: "exists" };
  if (isStatusError(err, 413)) return { state: "tooLarge" };
  if (isStatusError(err, 403) && err.code === "DROP_BOX_FULL") return { state: "full" };
  return { state: "failed", message: err instanceof Error ? err.message : String(err) };
}

/** Progress is drawn at most this often (SPEC.md §9). */
const PROGRESS_THROTTLE_MS = 100;

type Job = { id: number; target: DropBoxFile };

/**
 * The visitor's uploads into a drop box, one file at a time in the order chosen. `onArrived`
 * runs after each file that arrived (the page refreshes the box's limits).
 */
export function useDropBox(onArrived: () => void) {
  const [items, setItems] = useState<DropItem[]>([]);
  const queue = useRef<Job[]>([]);
  const running = useRef(false);
  const active = useRef<{ id: number; handle: UploadHandle } | null>(null);
  const nextId = useRef(1);
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  }, [onArrived]);

  const update = useCallback((id: number, patch: Partial<DropItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    for (let job = queue.current.shift(); job; job = queue.current.shift()) {
      const { id, target } = job;
      update(id, { state: "active" });
      let last = 0;
      const handle = dropBoxUpload(target, (sent) => {
        const now = Date.now();
        if (now - last < PROGRESS_THROTTLE_MS) return;
        last = now;
        update(id, { sent });
      });
      active.current = { id, handle };
      try {
        await handle.done;
        update(id, { state: "done", sent: target.file.size });
        arrived.current();
      } catch (err) {
        update(id, failureState(err));
      }
      active.current = null;
    }
    running.current = false;
  }, [update]);

  /** Queues files to send with the link's password and the visitor's name. */
  const add = useCallback(
    (files: readonly File[], common: Omit<DropBoxFile, "file" | "name">) => {
      const jobs = files.map((file) => ({
        id: nextId.current++,
        target: { ...common, file, name: file.name },
      }));
      queue.current.push(...jobs);
      setItems((list) => [
        ...list,
        ...jobs.map(({ id, target }) => ({
          id,
          name: target.name,
          size: target.file.size,
          sent: 0,
          state: "queued" as const,
        })),
      ]);
      void pump();
    },
    [pump],
  );

  /** Stops one upload (the server drops what it received) or takes it out of the queue. */
  const cancel = useCallback(
    (id: number) => {
      if (active.current?.id === id) {
        void active.current.handle.abort();
        return;
      }
      queue.current = queue.current.filter((job) => job.id !== id);
      update(id, { state: "cancelled" });
    },
    [update],
  );

  // Leaving the page stops what is still being sent.
  useEffect(
    () => () => {
      queue.current = [];
      void active.current?.handle.abort();
    },
    [],
  );

  return { items, add, cancel };
}
