import { createHash } from "node:crypto";
import type { SessionInfo, SessionsEnded } from "@scriptorium/shared";
import { notFound } from "../../errors.js";
import { describeDevice, deviceParts } from "./device.js";
import type { SessionRecord, SessionsStore } from "./sessions.store.js";

/** Who asks, and with which session (structural: sessions never import the users feature). */
export interface Caller {
  user: { id: number };
  session: { id: string };
}

/** The handle a session is shown and ended by: a digest, so the list never carries session ids. */
export function sessionHandle(id: string): string {
  return createHash("sha256").update(id).digest("base64url").slice(0, 22);
}

const iso = (ms: number) => new Date(ms).toISOString();

function toInfo(session: SessionRecord, currentId: string): SessionInfo {
  return {
    id: sessionHandle(session.id),
    device: describeDevice(session.userAgent),
    ...deviceParts(session.userAgent),
    userAgent: session.userAgent,
    address: session.address,
    createdAt: iso(session.loginAt),
    lastUsedAt: iso(session.lastUsedAt ?? session.createdAt),
    expiresAt: iso(session.expiresAt),
    current: session.id === currentId,
  };
}

/** Each user's list of logins, ending one or all of them, and an admin ending a user's. */
export function createSessionsService(deps: {
  sessions: SessionsStore;
  userExists: (id: number) => Promise<boolean>;
  /** The token lifetime: a session unused that long is pruned before a list is shown. */
  lifetimeMs: () => Promise<number>;
}) {
  const { sessions } = deps;

  /** Each list starts by deleting what can no longer be used (issue 31). */
  async function live(userId: number): Promise<SessionRecord[]> {
    await sessions.prune(Date.now(), await deps.lifetimeMs());
    return sessions.listLive(userId);
  }

  async function requireUser(userId: number): Promise<void> {
    if (!(await deps.userExists(userId))) throw notFound("No such user");
  }

  return {
    async listOwn(caller: Caller): Promise<SessionInfo[]> {
      return (await live(caller.user.id)).map((s) => toInfo(s, caller.session.id));
    },

    /** Ends one of the caller's sessions (the current one too: that is a logout). */
    async endOwn(caller: Caller, handle: string): Promise<void> {
      const mine = await sessions.listLive(caller.user.id);
      const target = mine.find((s) => sessionHandle(s.id) === handle);
      if (!target) throw notFound("No such session");
      await sessions.revoke(target.id);
    },

    async endOwnOthers(caller: Caller): Promise<SessionsEnded> {
      return { ended: await sessions.revokeAllOf(caller.user.id, caller.session.id) };
    },

    /** A user's sessions (the route is for administrators: its contract says `admin`). */
    async listOf(caller: Caller, userId: number): Promise<SessionInfo[]> {
      await requireUser(userId);
      return (await live(userId)).map((s) => toInfo(s, caller.session.id));
    },

    /** Ends every session of a user; an admin ending their own keeps the one in use. */
    async endAllOf(caller: Caller, userId: number): Promise<SessionsEnded> {
      await requireUser(userId);
      return { ended: await sessions.revokeAllOf(userId, caller.session.id) };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
