import path from "node:path";
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEntry } from "@scriptorium/shared";
import type { Storage } from "../../storage/storage.js";
import type { ScopedUser } from "../../storage/user-fs.js";
import type { ActivityRecord } from "./activity.store.js";

/** Lines about no file, shown in the admin's audit view only. */
export const AUDIT_ONLY: readonly ActivityAction[] = [
  "login",
  "login-failed",
  "user-create",
  "user-change",
  "user-delete",
  "settings",
];

/** Lines about files (every action but the audit's own): what a folder's activity shows. */
export const FILE_ACTIONS: readonly ActivityAction[] = ACTIVITY_ACTIONS.filter(
  (action) => !AUDIT_ONLY.includes(action),
);

/** Changes to files that an open listing or editor follows live (GET /api/events). */
export const LIVE_ACTIONS: ReadonlySet<ActivityAction> = new Set(
  FILE_ACTIONS.filter((a) => !a.startsWith("share-")),
);

/**
 * Details only the audit shows: a share's hash is its link (with it, a visitor sees the owner's
 * view, which may hold what another viewer's rules deny), a drop box's too.
 */
const PRIVATE_DETAIL: ReadonlySet<ActivityAction> = new Set([
  "share-create",
  "share-use",
  "share-delete",
  "drop",
]);

/** `real` (absolute) as a path from the real files root ("/a/b"), or "" outside it. */
export function fromRoot(realRoot: string, real: string): string {
  const rel = path.relative(realRoot, real);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return "";
  return rel === "" ? "/" : `/${rel.split(path.sep).join("/")}`;
}

/**
 * How one user sees lines of the log: a stored path is shown only when it lies inside their
 * scope (by the real place, so links change nothing), as a path of their scope, and when their
 * rules and hidden-file preference allow it (a hidden folder hides what it holds). A side that is
 * not shown is left out, its name too: a move from a denied folder shows only where it went (an
 * empty `path`), a move into one only where it came from; a line with neither is not shown.
 */
export type Viewer = (line: ActivityRecord) => ActivityEntry | undefined;

export async function viewerFor(
  storage: Storage,
  realRoot: string,
  user: ScopedUser,
): Promise<Viewer> {
  const fs = await storage.forUser(user);
  let scope: string;
  try {
    scope = fromRoot(realRoot, await fs.realRoot());
  } catch {
    return () => undefined;
  }
  if (scope === "") return () => undefined;
  const see = (stored: string | undefined): string | undefined => {
    if (stored === undefined || stored === "") return undefined;
    let mine: string;
    if (scope === "/") mine = stored;
    else if (stored === scope) mine = "/";
    else if (stored.startsWith(`${scope}/`)) mine = stored.slice(scope.length);
    else return undefined;
    if (user.hideDotfiles && mine.split("/").some((part) => part.startsWith("."))) return undefined;
    return fs.rulesAllow(mine) ? mine : undefined;
  };
  return (line) => {
    if (AUDIT_ONLY.includes(line.action)) return undefined;
    const from = see(line.path);
    const to = see(line.to);
    if (from === undefined && to === undefined) return undefined;
    return {
      time: new Date(line.time).toISOString(),
      user: line.username,
      action: line.action,
      path: from ?? "",
      ...(to !== undefined && { to }),
      ...(line.detail !== undefined && !PRIVATE_DETAIL.has(line.action) && { detail: line.detail }),
    };
  };
}
