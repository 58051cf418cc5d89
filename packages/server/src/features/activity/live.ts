import { PassThrough } from "node:stream";
import type { LiveChange } from "@scriptorium/shared";
import { AppError } from "../../errors.js";
import type { ScopedUser } from "../../storage/user-fs.js";
import { LIVE_ACTIONS, type Viewer } from "./activity-view.js";
import type { ActivityRecord } from "./activity.store.js";

export interface LiveOptions {
  /** A comment line this often keeps proxies from closing a quiet stream (default 25 s). */
  heartbeatMs?: number;
  /** How often each stream's session is checked (default 5 s): a revoked one ends its stream. */
  checkMs?: number;
  /** Streams one user may hold open at once (default 8: tabs, windows). */
  maxPerUser?: number;
}

export interface LiveDeps {
  onLine(listener: (line: ActivityRecord) => void): () => void;
  viewerFor(user: ScopedUser): Promise<Viewer>;
  /** The user as they are now (rules, scope); undefined once deleted. */
  findUser(id: number): Promise<(ScopedUser & { id: number }) | undefined>;
  /** Whether a session still lets its token in (not revoked, expired or rotated out). */
  sessionLive(sessionId: string): Promise<boolean>;
}

/** Bytes waiting for a client that does not read before its stream is ended. */
const MAX_BUFFERED = 1024 * 1024;

interface Stream {
  userId: number;
  sessionId: string;
  out: PassThrough;
  /** Writes run one after the other, each after its session check. */
  queue: Promise<void>;
}

/**
 * GET /api/events: one text/event-stream per open page. Each line written to the log is sent
 * as a `change` event to the streams of users who may see its path, mapped into their scope
 * (the viewer of activity-view.ts, so a denied path never goes out); a stream ends when its
 * session ends or the client leaves.
 */
export function createLiveHub(deps: LiveDeps, options: LiveOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const checkMs = options.checkMs ?? 5_000;
  const maxPerUser = options.maxPerUser ?? 8;
  const streams = new Set<Stream>();

  const end = (stream: Stream) => {
    if (!streams.delete(stream)) return;
    stream.out.end();
  };

  /** Writes to a stream; a client that reads nothing for long is let go, not buffered for. */
  const send = (stream: Stream, text: string) => {
    if (stream.out.writableLength > MAX_BUFFERED) end(stream);
    else stream.out.write(text);
  };

  /** Ends the stream unless its session is still good; true when it may go on. */
  async function stillLive(stream: Stream): Promise<boolean> {
    const live = await deps.sessionLive(stream.sessionId).catch(() => false);
    if (!live) end(stream);
    return live;
  }

  async function deliver(line: ActivityRecord): Promise<void> {
    if (!LIVE_ACTIONS.has(line.action) || streams.size === 0) return;
    const byUser = new Map<number, Stream[]>();
    for (const stream of streams) {
      byUser.set(stream.userId, [...(byUser.get(stream.userId) ?? []), stream]);
    }
    for (const [userId, mine] of byUser) {
      const user = await deps.findUser(userId).catch(() => undefined);
      if (!user) {
        mine.forEach(end);
        continue;
      }
      const entry = (await deps.viewerFor(user))(line);
      if (!entry) continue;
      const change: LiveChange = {
        action: entry.action,
        path: entry.path,
        ...(entry.to !== undefined && { to: entry.to }),
        user: entry.user,
        time: entry.time,
      };
      const text = `event: change\ndata: ${JSON.stringify(change)}\n\n`;
      for (const stream of mine) {
        stream.queue = stream.queue.then(async () => {
          if (streams.has(stream) && (await stillLive(stream))) send(stream, text);
        });
      }
    }
  }

  /** Lines go out in the order they were written. */
  let delivering = Promise.resolve();
  const detach = deps.onLine((line) => {
    delivering = delivering.then(() => deliver(line)).catch(() => undefined);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) send(stream, ": ping\n\n");
  }, heartbeatMs);
  heartbeat.unref();
  const check = setInterval(() => {
    for (const stream of streams) void stillLive(stream);
  }, checkMs);
  check.unref();

  return {
    /**
     * A new stream for `userId`'s session (429 past the per-user cap); `leave` is called when
     * the client goes.
     */
    open(userId: number, sessionId: string): { out: PassThrough; leave: () => void } {
      let held = 0;
      for (const stream of streams) if (stream.userId === userId) held++;
      if (held >= maxPerUser) {
        throw new AppError("RATE_LIMITED", `At most ${maxPerUser} live streams per user`);
      }
      const out = new PassThrough();
      const stream: Stream = { userId, sessionId, out, queue: Promise.resolve() };
      streams.add(stream);
      // The first bytes: the browser's EventSource reports the stream open, retry in 5 s.
      out.write(`retry: 5000\n: connected\n\n`);
      return { out, leave: () => end(stream) };
    },

    /** Streams open now (tests, the status). */
    count: () => streams.size,

    /** Ends every stream: the server is closing. */
    close(): void {
      detach();
      clearInterval(heartbeat);
      clearInterval(check);
      for (const stream of [...streams]) end(stream);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
