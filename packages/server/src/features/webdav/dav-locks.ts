import { randomUUID } from "node:crypto";
import { isStrictlyWithin, isWithin } from "@scriptorium/shared";
import type { DavLockRow, WebdavStore } from "./webdav.store.js";

/**
 * WebDAV write locks (RFC 4918 §6, §7) and dead properties, over the database.
 *
 * Paths are real places relative to the files root, links resolved, "/"-separated, starting with
 * "/"; compared by components ("/a/b" is within "/a", "/ab" is not). A trailing "/" is ignored.
 *
 * Locks: exclusive or shared, depth 0 or infinity. A lock binds everyone; only the user who took
 * it may use its token (to write, refresh or unlock). Timeouts: `parseTimeout` reads the Timeout
 * header: the first of its values we understand, "Infinite" and anything above MAX_TIMEOUT_SECONDS
 * (1 hour) capped to it, DEFAULT_TIMEOUT_SECONDS (10 minutes) when absent or unreadable. Clients
 * refresh long locks. Expired locks are ignored at once and deleted at the next lock taking.
 *
 * Conflicts when taking a lock: the locks that cover the path (on it, or depth infinity on an
 * ancestor), and for a depth-infinity request also every lock below it. An exclusive request
 * conflicts with any of those; a shared one with an exclusive one.
 *
 * Writing (`assertWritable`): for each resource written (the path; for `deep`, also every locked
 * resource below it), when locks apply to it, at least one of them must have its token submitted
 * in the If header by the user who took it. (All locks that apply to a resource are shared, or
 * there is exactly one exclusive lock: so an exclusive lock's token is required, and any one of
 * several shared locks' tokens suffices, as Apache's mod_dav does.)
 */

export const DEFAULT_TIMEOUT_SECONDS = 600;
export const MAX_TIMEOUT_SECONDS = 3600;

export interface DavLock {
  /** "urn:uuid:…" */
  token: string;
  path: string;
  depth: 0 | "infinity";
  exclusive: boolean;
  /** The <D:owner> element as sent, serialised standalone (serializeElement), or "". */
  ownerXml: string;
  userId: number;
  /** Unix milliseconds. */
  expiresAt: number;
  /** Seconds left before it expires (what <D:timeout> shows: "Second-N"), at least 1. */
  timeoutSeconds: number;
}

/** A lock stands in the way (→ 423). `path` is the root of the offending lock (for <D:lock-token-submitted><D:href> or <D:no-conflicting-lock><D:href>). */
export class LockConflict extends Error {
  constructor(
    readonly path: string,
    readonly lock: DavLock,
  ) {
    super(`locked: ${path}`);
    this.name = "LockConflict";
  }
}

/** Seconds from a Timeout header ("Infinite, Second-4100000000"): see the file's header. */
export function parseTimeout(header: string | undefined): number {
  for (const part of (header ?? "").split(",")) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) return MAX_TIMEOUT_SECONDS;
    const m = /^second-([0-9]+)$/i.exec(value);
    if (m) return clampTimeout(Number(m[1]));
  }
  return DEFAULT_TIMEOUT_SECONDS;
}

function clampTimeout(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_TIMEOUT_SECONDS;
  return Math.min(Math.floor(seconds), MAX_TIMEOUT_SECONDS);
}

/** "/a/b/" → "/a/b"; "" → "/". */
function norm(path: string): string {
  const p = path.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
  return p.startsWith("/") ? p : `/${p}`;
}

/** The path and its ancestors: "/a/b" → ["/", "/a", "/a/b"]. */
function selfAndAncestors(path: string): string[] {
  const out = ["/"];
  let at = "";
  for (const part of path.split("/")) {
    if (part === "") continue;
    at += `/${part}`;
    out.push(at);
  }
  return out;
}

const applies = (lock: DavLock, path: string) =>
  lock.path === path || (lock.depth === "infinity" && isStrictlyWithin(lock.path, path));

export function createDavLocks(store: WebdavStore, now: () => number = Date.now) {
  const toLock = (row: DavLockRow, at: number): DavLock => ({
    token: row.token,
    path: row.path,
    depth: row.depth === 0 ? 0 : "infinity",
    exclusive: row.exclusive !== 0,
    ownerXml: row.owner_xml,
    userId: row.user_id,
    expiresAt: row.expires_at,
    timeoutSeconds: Math.max(1, Math.ceil((row.expires_at - at) / 1000)),
  });

  async function coveringIn(s: WebdavStore, path: string, at: number): Promise<DavLock[]> {
    const rows = await s.locksOn(selfAndAncestors(path), at);
    return rows.map((r) => toLock(r, at)).filter((l) => applies(l, path));
  }
  async function withinIn(s: WebdavStore, path: string, at: number): Promise<DavLock[]> {
    return (await s.locksWithin(path, at)).map((r) => toLock(r, at));
  }

  return {
    /** Locks that apply to `path`: on it, and on its ancestors with depth infinity (expired ones dropped). */
    async covering(path: string): Promise<DavLock[]> {
      return await coveringIn(store, norm(path), now());
    },

    /** Locks on `path` and everything below it (for DELETE/MOVE of a folder, and depth-infinity LOCK requests). */
    async within(path: string): Promise<DavLock[]> {
      return await withinIn(store, norm(path), now());
    },

    /** Takes a lock, or throws LockConflict (→ 423): see the file's header. `timeoutSeconds` is clamped (0 or less: the default). */
    async lock(req: {
      path: string;
      depth: 0 | "infinity";
      exclusive: boolean;
      ownerXml: string;
      userId: number;
      timeoutSeconds: number;
    }): Promise<DavLock> {
      const path = norm(req.path);
      return await store.transaction(async (s) => {
        const at = now();
        await s.deleteExpiredLocks(at);
        const existing = await coveringIn(s, path, at);
        if (req.depth === "infinity")
          existing.push(...(await withinIn(s, path, at)).filter((l) => l.path !== path));
        const conflict = existing.find((l) => req.exclusive || l.exclusive);
        if (conflict) throw new LockConflict(conflict.path, conflict);
        const row: DavLockRow = {
          token: `urn:uuid:${randomUUID()}`,
          path,
          depth: req.depth === 0 ? 0 : -1,
          exclusive: req.exclusive ? 1 : 0,
          owner_xml: req.ownerXml,
          user_id: req.userId,
          created_at: at,
          expires_at: at + clampTimeout(req.timeoutSeconds) * 1000,
        };
        await s.insertLock(row);
        return toLock(row, at);
      });
    },

    /** A new timeout for the user's own unexpired lock; undefined when unknown, expired or another user's. */
    async refresh(
      token: string,
      userId: number,
      timeoutSeconds: number,
    ): Promise<DavLock | undefined> {
      return await store.transaction(async (s) => {
        const at = now();
        const row = await s.findLock(token);
        if (!row || row.expires_at <= at || row.user_id !== userId) return undefined;
        row.expires_at = at + clampTimeout(timeoutSeconds) * 1000;
        await s.setLockExpiry(token, row.expires_at);
        return toLock(row, at);
      });
    },

    /** "removed"; "not-found" for an unknown or expired token; "not-owner" for another user's (→ 403). */
    async unlock(token: string, userId: number): Promise<"removed" | "not-found" | "not-owner"> {
      return await store.transaction(async (s) => {
        const row = await s.findLock(token);
        if (!row || row.expires_at <= now()) return "not-found";
        if (row.user_id !== userId) return "not-owner";
        await s.deleteLock(token);
        return "removed";
      });
    },

    /**
     * Whether `userId` may write `path` (and, for `deep`, everything below) with the tokens
     * `submitted` in the If header (see the file's header); throws LockConflict with the root of
     * the first lock in the way.
     */
    async assertWritable(
      path: string,
      deep: boolean,
      submitted: string[],
      userId: number,
    ): Promise<void> {
      const p = norm(path);
      const at = now();
      const locks = await coveringIn(store, p, at);
      if (deep) locks.push(...(await withinIn(store, p, at)).filter((l) => l.path !== p));
      if (locks.length === 0) return;
      const held = (l: DavLock) => l.userId === userId && submitted.includes(l.token);
      // Each locked resource written: the path itself, and (deep) each lock root below it.
      const targets = [
        p,
        ...new Set(locks.map((l) => l.path).filter((lp) => isStrictlyWithin(p, lp))),
      ];
      for (const target of targets) {
        const applying = locks.filter((l) => applies(l, target));
        if (applying.length > 0 && !applying.some(held)) {
          const first = applying[0] as DavLock;
          throw new LockConflict(first.path, first);
        }
      }
    },

    /** After DELETE or MOVE of `path`: its locks and those below go. */
    async dropWithin(path: string): Promise<void> {
      await store.deleteLocksWithin(norm(path));
    },
  };
}

export type DavLocks = ReturnType<typeof createDavLocks>;

export type DavPropOp =
  | { op: "set"; ns: string; name: string; valueXml: string }
  | { op: "remove"; ns: string; name: string };

/** Dead properties, by path (see the file's header for paths). */
export function createDavProps(store: WebdavStore) {
  return {
    async list(path: string): Promise<{ ns: string; name: string; valueXml: string }[]> {
      return await store.listProps(norm(path));
    },

    /**
     * The properties of `path` and of its direct members, by path: what a PROPFIND of Depth 1
     * shows, in one query however large the folder.
     */
    async listWithMembers(
      path: string,
    ): Promise<Map<string, { ns: string; name: string; valueXml: string }[]>> {
      const p = norm(path);
      const prefix = p === "/" ? "/" : `${p}/`;
      const byPath = new Map<string, { ns: string; name: string; valueXml: string }[]>();
      for (const { path: at, ...prop } of await store.listPropsWithin(p)) {
        if (at !== p && at.slice(prefix.length).includes("/")) continue; // deeper than a member
        const list = byPath.get(at) ?? [];
        list.push(prop);
        byPath.set(at, list);
      }
      return byPath;
    },

    /** All in one transaction: PROPPATCH is atomic (a failing operation leaves nothing changed). */
    async patch(path: string, ops: DavPropOp[]): Promise<void> {
      const p = norm(path);
      await store.transaction(async (s) => {
        for (const op of ops) {
          if (op.op === "set") await s.setProp(p, op.ns, op.name, op.valueXml);
          else await s.removeProp(p, op.ns, op.name);
        }
      });
    },

    /** The properties of `from` and everything below, copied to `to` (whose own ones, and those below, are dropped first). */
    async copy(from: string, to: string): Promise<void> {
      const [f, t] = [norm(from), norm(to)];
      assertMovable(f, t);
      await store.transaction(async (s) => {
        await s.deletePropsWithin(t);
        await s.copyProps(f, t);
      });
    },

    /** The properties of `from` and everything below now belong to `to` (whose own ones are dropped first). */
    async move(from: string, to: string): Promise<void> {
      const [f, t] = [norm(from), norm(to)];
      assertMovable(f, t);
      await store.transaction(async (s) => {
        await s.deletePropsWithin(t);
        await s.moveProps(f, t);
      });
    },

    /** The properties of `path` and everything below go. */
    async drop(path: string): Promise<void> {
      await store.deletePropsWithin(norm(path));
    },
  };
}

export type DavProps = ReturnType<typeof createDavProps>;

/** The root is never copied or moved, nor a folder into itself (the handlers refuse both before). */
function assertMovable(from: string, to: string) {
  if (from === "/" || to === "/" || isWithin(from, to) || isWithin(to, from))
    throw new Error(`cannot copy or move ${from} to ${to}`);
}
