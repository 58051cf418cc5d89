import type { Transform } from "node:stream";
import { parentPort } from "node:worker_threads";

/** Messages of worker-pool.ts to a worker; `write` and `end` get one reply each (same `id`). */
export type HostRequest =
  | { op: "open"; session: number; name: string }
  | { op: "write"; session: number; chunk: Uint8Array<ArrayBuffer> }
  | { op: "end"; session: number }
  | { op: "close"; session: number };

/** The output a `write` or `end` produced (in a buffer of its own, transferred), or its failure. */
export interface HostReply {
  id: number;
  out?: Uint8Array<ArrayBuffer>;
  error?: string;
}

interface Session {
  transform: Transform;
  out: Buffer[];
  error?: Error;
  /** Resolves when the transform fails. */
  failed: Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Serves the transforms of `factories` to worker-pool.ts, in a worker thread: one transform per
 * session, fed chunk by chunk. A reply carries what the transform pushed until its write callback
 * (and one more turn of this thread's loop, for output pushed on a later tick).
 */
export function serveTransforms(factories: Record<string, () => Transform>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTransforms runs in a worker thread");
  const sessions = new Map<number, Session>();
  let queue = Promise.resolve();

  const open = (name: string): Session => {
    const factory = Object.hasOwn(factories, name) ? factories[name] : undefined;
    if (!factory) throw new Error(`no transform named ${name}`);
    const transform = factory();
    const session: Session = { transform, out: [], failed: Promise.resolve() };
    session.failed = new Promise<void>((resolve) =>
      transform.on("error", (err: Error) => {
        session.error ??= err;
        resolve();
      }),
    );
    transform.on("data", (chunk: Buffer) => session.out.push(chunk));
    return session;
  };

  const reply = (id: number, session: Session) => {
    if (session.error) {
      port.postMessage({ id, error: session.error.message } satisfies HostReply);
      return;
    }
    const total = session.out.reduce((sum, c) => sum + c.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of session.out) {
      out.set(chunk, at);
      at += chunk.length;
    }
    session.out = [];
    port.postMessage({ id, out } satisfies HostReply, [out.buffer]);
  };

  const handle = async (msg: HostRequest & { id: number }) => {
    if (msg.op === "open") {
      let session: Session;
      try {
        session = open(msg.name);
      } catch (err) {
        const transform = undefined as unknown as Transform;
        session = { transform, out: [], error: err as Error, failed: Promise.resolve() };
      }
      sessions.set(msg.session, session);
      return;
    }
    const session = sessions.get(msg.session);
    if (msg.op === "close") {
      sessions.delete(msg.session);
      if (session?.transform && !session.transform.destroyed) session.transform.destroy();
      return;
    }
    if (!session) {
      port.postMessage({ id: msg.id, error: "unknown session" } satisfies HostReply);
      return;
    }
    if (!session.error) {
      const { transform } = session;
      const done =
        msg.op === "write"
          ? new Promise<void>((resolve) =>
              transform.write(Buffer.from(msg.chunk.buffer), () => resolve()),
            )
          : new Promise<void>((resolve) => {
              transform.once("end", resolve);
              transform.end();
            });
      await Promise.race([done, session.failed]);
      await nextTurn();
    }
    reply(msg.id, session);
  };

  // One message at a time, in order: a session's chunks must reach its transform in sequence.
  port.on("message", (msg: HostRequest & { id: number }) => {
    queue = queue.then(() => handle(msg)).catch(() => undefined);
  });
}
