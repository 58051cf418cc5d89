import path from "node:path";
import { badRequest, forbidden } from "../../errors.js";
import { isWithin } from "@scriptorium/shared";
import { isInside, normalizeRequestPath } from "../../lib/safe-path.js";
import type { AuthContext } from "../auth/auth.service.js";
import type { SessionsStore } from "../sessions/sessions.store.js";
import type { DownloadService, FileDownload } from "../downloads/downloads.service.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord, UsersStore } from "../users/users.store.js";
import {
  capabilityKey,
  clientTag,
  signCapability,
  verifyCapability,
  type Capability,
} from "./capability.js";

/** How long an inline link works: long enough to read a page, short enough to leak little. */
export const CAPABILITY_LIFETIME_S = 600;

/**
 * What an inline URL leads to: a file (`noScripts` for a reading view's capability), or a
 * folder's index.html to redirect to.
 */
export type InlineTarget = { file: FileDownload; noScripts: boolean } | { redirect: string };

/** Capabilities of share visitors carry `share:<hash>` where others carry a session id. */
const SHARE_PREFIX = "share:";

const invalidLink = () => forbidden("This inline link is not valid: open the file again");
const outsideFolder = () =>
  forbidden("This path is outside the folder of the inline link", "PATH_OUTSIDE_SCOPE");

/**
 * Inline views of HTML (API.md Part A §11). The authenticated GET /api/raw-inline mints a
 * capability for the folder of the file; GET /api/inline/{capability}/{rest} needs no login and
 * serves `<folder>/<rest>` after re-checking the capability, the user, the session and the
 * download permission, through the same user-fs gate as every other route.
 */
export function createInlineService(deps: {
  downloads: DownloadService;
  settings: SettingsStore;
  users: Pick<UsersStore, "findById">;
  sessions: Pick<SessionsStore, "find">;
  lifetimeSeconds?: number;
  /**
   * Whether a share link still works (expiry, owner, permissions, rules): what a capability
   * minted for a public visitor re-checks instead of a session.
   */
  shareLive?: (hash: string, ownerId: number) => Promise<boolean>;
}) {
  let key: Promise<Buffer> | undefined;
  const getKey = () => (key ??= deps.settings.getSecret().then(capabilityKey));
  const lifetime = deps.lifetimeSeconds ?? CAPABILITY_LIFETIME_S;

  async function check(token: string, clientAddress: string): Promise<Capability> {
    const cap = verifyCapability(await getKey(), token, Math.floor(Date.now() / 1000));
    if (cap === "expired") throw forbidden("This inline link has expired: open the file again");
    if (!cap || cap.client !== clientTag(clientAddress)) throw invalidLink();
    if (cap.sessionId.startsWith(SHARE_PREFIX)) {
      const hash = cap.sessionId.slice(SHARE_PREFIX.length);
      if (!(await deps.shareLive?.(hash, cap.userId))) throw invalidLink();
      return cap;
    }
    const session = await deps.sessions.find(cap.sessionId);
    if (
      !session ||
      session.userId !== cap.userId ||
      session.revokedAt !== null ||
      session.expiresAt <= Date.now()
    ) {
      throw invalidLink();
    }
    return cap;
  }

  return {
    /** The capability for a file's folder (or a folder itself) and the path to open in it. */
    async mint(
      auth: AuthContext,
      requestPath: string,
      clientAddress: string,
    ): Promise<{ capability: string; rest: string }> {
      const target = await deps.downloads.locate(auth.user, requestPath);
      const isDir = target.stats.isDirectory();
      const userPath = target.resolved.path;
      const folder = isDir ? userPath : path.posix.dirname(userPath);
      const capability = signCapability(await getKey(), {
        userId: auth.user.id,
        sessionId: auth.session.id,
        folder,
        expiresAt: Math.floor(Date.now() / 1000) + lifetime,
        client: clientTag(clientAddress),
      });
      return { capability, rest: isDir ? "index.html" : path.posix.basename(userPath) };
    },

    /**
     * A capability for a visitor of a folder link who passed its gate: the link's folder of the
     * owner's scope, re-checked through the link on every request.
     */
    async mintForShare(grant: {
      owner: UserRecord;
      folder: string;
      hash: string;
      clientAddress: string;
      /** A reading view: its pages get a CSP without scripts. */
      noScripts?: boolean;
    }): Promise<string> {
      return signCapability(await getKey(), {
        userId: grant.owner.id,
        sessionId: `${SHARE_PREFIX}${grant.hash}`,
        folder: grant.folder,
        expiresAt: Math.floor(Date.now() / 1000) + lifetime,
        client: clientTag(grant.clientAddress),
        ...(grant.noScripts && { noScripts: true }),
      });
    },

    /** Resolves `rest` inside the capability's folder; never outside it, even through links. */
    async open(token: string, rest: string, clientAddress: string): Promise<InlineTarget> {
      const cap = await check(token, clientAddress);
      const user = await deps.users.findById(cap.userId);
      if (!user) throw invalidLink();
      let wanted: { path: string; trailingSlash: boolean };
      try {
        wanted = normalizeRequestPath(`${cap.folder}/${rest}`);
      } catch {
        throw badRequest("Invalid path");
      }
      if (!isWithin(cap.folder, wanted.path)) throw outsideFolder();
      const target = await deps.downloads.locate(user, wanted.path);
      const folderReal = await target.fs.realpath(path.join(target.fs.root, cap.folder));
      if (!isInside(folderReal, await target.fs.realpath(target.resolved.abs)))
        throw outsideFolder();
      if (target.stats.isDirectory()) {
        const relative = path.posix.relative(cap.folder, wanted.path);
        return { redirect: relative ? `${relative}/index.html` : "index.html" };
      }
      return { file: await deps.downloads.openTarget(target), noScripts: cap.noScripts === true };
    },
  };
}

export type InlineService = ReturnType<typeof createInlineService>;
