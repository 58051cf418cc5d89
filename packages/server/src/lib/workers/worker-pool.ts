import { availableParallelism } from "node:os";
import { startWorker } from "./bootstrap.js";
import type { Backend } from "./offloaded-stream.js";
import type { HostReply, HostRequest } from "./worker-host.js";

interface Waiter {
  resolve(out: Buffer | undefined): void;
  reject(err: Error): void;
}

interface Slot {
  worker: ReturnType<typeof startWorker>;
  sessions: number;
  waiters: Map<number, Waiter>;
  dead?: Error;
}

/** A copy of `bytes` in an ArrayBuffer of its own, so it can be transferred. */
function standalone(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * A few worker threads running stream transforms that `entry` registers (see worker-host.ts).
 * Each stream is a session on the least busy worker; a worker serves its sessions one message
 * at a time. Workers start at first use and do not keep the process alive when idle.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private readonly size: number;

  constructor(
    private readonly entry: URL,
    size = Math.max(1, Math.min(4, availableParallelism() - 1)),
  ) {
    this.size = size;
  }

  private spawn(): Slot {
    const worker = startWorker(this.entry);
    const slot: Slot = { worker, sessions: 0, waiters: new Map() };
    worker.unref();
    worker.on("message", (reply: HostReply) => {
      const waiter = slot.waiters.get(reply.id);
      if (!waiter) return;
      slot.waiters.delete(reply.id);
      if (reply.error !== undefined) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.out ? Buffer.from(reply.out.buffer) : undefined);
    });
    const fail = (err: Error) => {
      slot.dead ??= err;
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      for (const waiter of slot.waiters.values()) waiter.reject(slot.dead);
      slot.waiters.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`codec worker stopped (exit ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private pick(): Slot {
    if (this.slots.length < this.size) {
      const idle = this.slots.find((s) => s.sessions === 0);
      return idle ?? this.spawn();
    }
    return this.slots.reduce((a, b) => (b.sessions < a.sessions ? b : a));
  }

  /**
   * A backend running the transform registered as `name` in a worker: each chunk goes there
   * (copied once, then transferred) and its output comes back in the reply. The next chunk is
   * accepted only once the consumer took the output of the previous one.
   */
  backend(name: string, push: (chunk: Buffer) => boolean): Backend {
    const slot = this.pick();
    const session = this.nextId++;
    if (slot.sessions++ === 0) slot.worker.ref();
    let closed = false;
    let wanted = true;
    let wake: (() => void) | undefined;
    const send = (request: HostRequest, transfer: ArrayBuffer[] = []) => {
      if (slot.dead) return Promise.reject(slot.dead);
      const id = this.nextId++;
      const reply = new Promise<Buffer | undefined>((resolve, reject) =>
        slot.waiters.set(id, { resolve, reject }),
      );
      slot.worker.postMessage({ ...request, id }, transfer);
      return reply;
    };
    const close = () => {
      if (closed) return;
      closed = true;
      wake?.();
      if (slot.dead) return;
      slot.worker.postMessage({ op: "close", session, id: 0 } satisfies HostRequest & { id: 0 });
      if (--slot.sessions === 0) slot.worker.unref();
    };
    const deliver = (out: Buffer | undefined) => {
      if (out && out.length > 0 && !push(out)) wanted = false;
    };
    slot.worker.postMessage({ op: "open", session, name, id: 0 });
    return {
      async write(chunk) {
        const bytes = standalone(chunk);
        deliver(await send({ op: "write", session, chunk: bytes }, [bytes.buffer]));
        if (!wanted && !closed) await new Promise<void>((resolve) => (wake = resolve));
      },
      async end() {
        try {
          deliver(await send({ op: "end", session }));
        } finally {
          close();
        }
      },
      resume() {
        wanted = true;
        wake?.();
        wake = undefined;
      },
      destroy: close,
    };
  }
}
