import { randomUUID } from "node:crypto";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "../../db/database.js";
import { poolOf } from "../../db/postgres/open-postgres.js";
import type { FileEvent, FileEventType, FileEvents } from "../../storage/events.js";

/** The PostgreSQL channel every instance publishes its file events on. */
export const FILES_CHANNEL = "scriptorium_files";

/** NOTIFY's payload must stay under 8000 bytes; a margin for the envelope. */
const MAX_PAYLOAD = 7800;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/** An event as it crosses: paths relative to the files folder (each instance mounts it anywhere). */
interface WireEvent {
  /** The instance that published it (its own notifications come back to it: skipped). */
  i: string;
  /** The schema the instances share: test schemas on one database share the channel too. */
  s: string;
  t: FileEventType;
  u: number;
  p: string;
  to?: string;
  v?: string;
  d?: string;
}

const relOf = (root: string, abs: string): string | undefined => {
  const rel = path.relative(root, abs);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join("/");
};

/** The deepest folder holding both paths ("" for the files folder itself). */
function commonParent(a: string, b: string | undefined): string {
  const left = path.posix.dirname(a).split("/");
  const right = b === undefined ? left : path.posix.dirname(b).split("/");
  const shared: string[] = [];
  for (let k = 0; k < Math.min(left.length, right.length) && left[k] === right[k]; k++) {
    shared.push(left[k]!);
  }
  const joined = shared.join("/");
  return joined === "." ? "" : joined;
}

/**
 * The payload of `event`: whole when it fits; else without its activity detail; else a "saved"
 * on the folder holding both its paths (something under it changed: caches drop it, the search
 * index walks it again).
 */
export function encodeEvent(base: Pick<WireEvent, "i" | "s">, event: FileEvent, root: string) {
  const p = relOf(root, event.abs);
  if (p === undefined) return undefined;
  const to = event.to === undefined ? undefined : relOf(root, event.to);
  const wire: WireEvent = {
    ...base,
    t: event.type,
    u: event.userId,
    p,
    ...(to !== undefined && { to }),
    ...(event.viaShare !== undefined && { v: event.viaShare }),
    ...(event.detail !== undefined && { d: event.detail }),
  };
  let text = JSON.stringify(wire);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  delete wire.d;
  text = JSON.stringify(wire);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  let folder = commonParent(p, to);
  while (Buffer.byteLength(folder) > MAX_PAYLOAD - 200) folder = path.posix.dirname(folder);
  return JSON.stringify({ ...base, t: "saved", u: event.userId, p: folder === "." ? "" : folder });
}

/** The local event of a payload from another instance of the same schema; undefined otherwise. */
export function decodeEvent(
  base: Pick<WireEvent, "i" | "s">,
  payload: string,
  root: string,
): FileEvent | undefined {
  let wire: WireEvent;
  try {
    wire = JSON.parse(payload) as WireEvent;
  } catch {
    return undefined;
  }
  if (wire.i === base.i || wire.s !== base.s || typeof wire.p !== "string") return undefined;
  const abs = (rel: string) => path.join(root, ...rel.split("/"));
  return {
    type: wire.t,
    userId: wire.u,
    abs: abs(wire.p),
    ...(wire.to !== undefined && { to: abs(wire.to) }),
    ...(wire.v !== undefined && { viaShare: wire.v }),
    ...(wire.d !== undefined && { detail: wire.d }),
    remote: true,
  };
}

/**
 * Carries file events between the instances sharing one PostgreSQL database (`LISTEN/NOTIFY`):
 * each local event is published, each other instance's event is emitted here marked `remote`
 * (caches, live listings and the search index follow; activity rows and hooks were done where
 * it happened). Listens on a connection of its own, not one of the pool, and reconnects with a
 * growing pause when it is lost. Undefined on SQLite (one instance).
 */
export function startEventsBridge(deps: {
  db: Db;
  events: FileEvents;
  root: string;
  log?: FastifyBaseLogger;
}): { instance: string; ready: Promise<void>; close(): Promise<void> } | undefined {
  const pool = poolOf(deps.db);
  if (!pool) return undefined;
  const root = path.resolve(deps.root);
  const base = { i: randomUUID(), s: "" };
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool!.options });
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel !== FILES_CHANNEL || !message.payload) return;
      const event = decodeEvent(base, message.payload, root);
      if (event) deps.events.emit(event);
    });
    try {
      await next.connect();
      const schema = await next.query<{ s: string }>("select current_schema() as s");
      base.s = schema.rows[0]?.s ?? "";
      await next.query(`listen ${FILES_CHANNEL}`);
    } catch (err) {
      lost(next, err);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  }

  function lost(which: pg.Client, err?: unknown): void {
    if (closed || (client !== undefined && client !== which)) return;
    client = undefined;
    which.removeAllListeners("end");
    void which.end().catch(() => undefined);
    if (timer) return;
    deps.log?.warn({ err }, "file events from other instances: connection lost, reconnecting");
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(() => undefined);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  const detach = deps.events.on((event) => {
    if (event.remote || !base.s) return;
    const payload = encodeEvent(base, event, root);
    if (payload === undefined) return;
    // Through the pool: a NOTIFY is delivered when its transaction (here: itself) commits.
    pool.query("select pg_notify($1, $2)", [FILES_CHANNEL, payload]).catch((err: unknown) => {
      deps.log?.warn({ err }, "could not publish a file event to the other instances");
    });
  });

  const ready = connect().catch((err: unknown) => {
    deps.log?.warn({ err }, "file events from other instances: could not listen yet");
  });

  return {
    instance: base.i,
    ready,
    async close() {
      closed = true;
      detach();
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners("end");
        await last.end().catch(() => undefined);
      }
    },
  };
}
