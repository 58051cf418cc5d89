import type { SessionInfo } from "@scriptorium/shared";

/** The logins of one device at one address (issue 31): one row with a count. */
export interface SessionGroup {
  key: string;
  /** The sessions, the most recently used first. */
  sessions: SessionInfo[];
  /** The newest of them: its device and address name the group. */
  newest: SessionInfo;
  /** The session making the request is one of them. */
  current: boolean;
  /** Another group has the same device (at another address): buttons then name the address. */
  sameDeviceElsewhere: boolean;
}

const deviceKey = (s: SessionInfo) => s.device || s.userAgent;
const used = (s: SessionInfo) => Date.parse(s.lastUsedAt);

/**
 * Sessions grouped by device and address, done here from the list the server sends (so the
 * route File Browser-style clients read keeps its shape): the current one's group first, then
 * the most recently used first.
 */
export function groupSessions(sessions: readonly SessionInfo[]): SessionGroup[] {
  const byKey = new Map<string, SessionInfo[]>();
  for (const s of sessions) {
    const key = `${deviceKey(s)}\u0000${s.address}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const groups = [...byKey].map(([key, members]) => {
    const sorted = [...members].sort((a, b) => used(b) - used(a));
    return {
      key,
      sessions: sorted,
      newest: sorted[0] as SessionInfo,
      current: sorted.some((s) => s.current),
      sameDeviceElsewhere: false,
    };
  });
  for (const group of groups) {
    group.sameDeviceElsewhere = groups.some(
      (other) => other !== group && deviceKey(other.newest) === deviceKey(group.newest),
    );
  }
  return groups.sort(
    (a, b) => Number(b.current) - Number(a.current) || used(b.newest) - used(a.newest),
  );
}

/** The sessions a group's button ends: all of them, or for this device's group the others. */
export const endable = (group: SessionGroup) => group.sessions.filter((s) => !s.current);
