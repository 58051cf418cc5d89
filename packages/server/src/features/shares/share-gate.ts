import path from "node:path";
import type { PublicShareInfo } from "@scriptorium/shared";
import { AppError, forbidden, notFound } from "../../errors.js";
import {
  createAttemptCounter,
  type AttemptBackend,
  type AttemptLimit,
} from "../../lib/attempts.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/passwords.js";
import { visitorKey } from "../../lib/visitor-address.js";
import { normalizeRequestPath } from "../../lib/safe-path.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import type { Storage } from "../../storage/storage.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord, UsersStore } from "../users/users.store.js";
import { shareTokenKey, signShareToken, verifyShareToken } from "./share-token.js";
import type { ShareRecord, SharesStore } from "./shares.store.js";

/** What a visitor's request carries to pass a link's gate. */
export interface Visitor {
  /** `X-SHARE-PASSWORD`, still percent-encoded as the client sends it. */
  password?: string;
  token?: string;
  address: string;
}

/**
 * A link that passed its gate: the owner as they are now, and the shared file or folder
 * through the owner's rules. `fs` is rooted at a shared folder; for a file share it is the
 * owner's view and `root` the file.
 */
export interface ShareAccess {
  share: ShareRecord;
  owner: UserRecord;
  fs: UserFs;
  root: ResolvedPath;
  rootStats: BigIntStats;
  isDir: boolean;
  /** The shared item's name. */
  name: string;
  /** The request's path inside the link ("/" for none), normalised. */
  rest: string;
  /** A fresh token for password links. */
  token?: string;
}

const gone = () => notFound("This link does not exist or has expired");
const unavailable = () => forbidden("This link is no longer available");

/** Splits `{hash}{path}`: the first segment is the hash, the rest a path inside the link. */
export function splitSharePath(raw: string): { hash: string; rest: string } {
  const trimmed = raw.replace(/^\/+/, "");
  const slash = trimmed.indexOf("/");
  const hash = slash < 0 ? trimmed : trimmed.slice(0, slash);
  try {
    return { hash, rest: normalizeRequestPath(slash < 0 ? "/" : trimmed.slice(slash)).path };
  } catch {
    throw notFound("No such file in this link");
  }
}

/** The password as typed: `+` is a space and the rest percent-decoded, as File Browser does. */
function decodePassword(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/** Wrong passwords of share links a visitor may try (`failedSharePasswords` of the app). */
export interface SharePasswordLimits {
  /** On one link from one address (an IPv6 /64): then 429 there, the link open elsewhere. */
  perLinkAndAddress?: AttemptLimit;
  /** From one address over all links: a visitor sweeping many links. */
  perAddress?: AttemptLimit;
}

/**
 * The gate of every public share route (API.md Part B §7.3 with Part A §12): the link exists
 * and has not expired, the password (or a token) is right, failed passwords are limited per
 * visitor address on each link and over all links (never per link alone: a stranger's guesses
 * must not lock the link for its readers), the owner still exists and still may share (and
 * download, or create for a drop box), and the shared path still passes the owner's rules and
 * scope.
 */
export function createShareGate(deps: {
  store: SharesStore;
  users: Pick<UsersStore, "findById">;
  storage: Storage;
  settings: Pick<SettingsStore, "getSecret">;
  failedPasswords?: SharePasswordLimits;
  /** Where the counts live (the database's, shared by instances); else memory. */
  attemptsBackend?: AttemptBackend;
}) {
  const backend = deps.attemptsBackend;
  const perLinkAndAddress = createAttemptCounter(
    deps.failedPasswords?.perLinkAndAddress ?? { max: 10, windowMs: 15 * 60_000 },
    backend && { backend, kind: "share-link" },
  );
  const perAddress = createAttemptCounter(
    deps.failedPasswords?.perAddress ?? { max: 50, windowMs: 15 * 60_000 },
    backend && { backend, kind: "share-address" },
  );
  let key: Promise<Buffer> | undefined;
  const getKey = () => (key ??= deps.settings.getSecret().then(shareTokenKey));
  const now = () => Math.floor(Date.now() / 1000);

  /** Passes when the link has no password, the token is valid, or the password is right. */
  async function checkPassword(share: ShareRecord, visitor: Visitor): Promise<string | undefined> {
    const stored = share.passwordHash;
    if (stored === undefined) return undefined;
    const token = (passwordHash = stored) =>
      getKey().then((k) => signShareToken(k, share.hash, passwordHash, now()));
    if (
      visitor.token &&
      verifyShareToken(await getKey(), visitor.token, share.hash, stored, now())
    ) {
      return token();
    }
    if (visitor.password === undefined || visitor.password === "") {
      throw new AppError("UNAUTHORIZED", "This link needs a password");
    }
    const address = visitorKey(visitor.address);
    const onLink = `${address} ${share.hash}`;
    await perLinkAndAddress.check(onLink);
    await perAddress.check(address);
    const password = decodePassword(visitor.password);
    const { ok, needsRehash } = await verifyPassword(stored, password);
    if (!ok) {
      await perLinkAndAddress.fail(onLink);
      await perAddress.fail(address);
      throw new AppError("UNAUTHORIZED", "The password is wrong");
    }
    // Only this link's count starts again: a visitor who knows one link's password (their own)
    // must not wipe the count of their guesses at others.
    await perLinkAndAddress.succeed(onLink);
    if (needsRehash) {
      // A link imported from File Browser: its bcrypt hash becomes Argon2id at first use.
      const rehashed = await hashPassword(password);
      await deps.store.rehashPassword(share.hash, stored, rehashed);
      return token(rehashed);
    }
    return token();
  }

  /** The owner and the shared path as they are now: what every request re-checks. */
  async function reach(share: ShareRecord) {
    const owner = await deps.users.findById(share.userId);
    if (!owner) throw gone();
    const may = share.mode === "upload" ? owner.perm.create : owner.perm.download;
    if (!owner.perm.share || !may) throw unavailable();
    const ownerFs = await deps.storage.forUser(owner);
    let root: ResolvedPath;
    let rootStats: BigIntStats;
    try {
      root = await ownerFs.resolve(share.path);
      rootStats = await ownerFs.statBig(root.abs);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw gone();
      if (err instanceof AppError && err.status === 403) throw unavailable();
      throw err;
    }
    const isDir = rootStats.isDirectory();
    if (share.mode === "upload" && !isDir) throw unavailable();
    const name = root.path === "/" ? path.basename(ownerFs.root) : path.posix.basename(root.path);
    const fs = isDir ? await deps.storage.forShare(owner, root.path) : ownerFs;
    return { share, owner, fs, root, rootStats, isDir, name };
  }

  return {
    /** Opens `{hash}{path}` for a visitor, or throws the answer (401, 403, 404). */
    async open(raw: string, visitor: Visitor): Promise<ShareAccess> {
      const { hash, rest } = splitSharePath(raw);
      const share = hash === "" ? undefined : await deps.store.find(hash);
      if (!share) {
        // As long as a wrong password would take: no timing tells links apart.
        if (visitor.password) await verifyAgainstDummy(visitor.password);
        throw gone();
      }
      const token = await checkPassword(share, visitor);
      return { ...(await reach(share)), rest, ...(token !== undefined && { token }) };
    },

    /**
     * True while the link of `hash`, owned by `ownerId`, still works (expiry, owner, permissions,
     * rules): what a capability minted for it re-checks. The password was checked at minting.
     */
    async isLive(hash: string, ownerId: number): Promise<boolean> {
      const share = await deps.store.find(hash);
      if (!share || share.userId !== ownerId || share.mode !== "read") return false;
      try {
        await reach(share);
        return true;
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
    },
  };
}

export type ShareGate = ReturnType<typeof createShareGate>;

/** What a visitor is told about the link itself. */
export function publicInfo(access: ShareAccess): PublicShareInfo {
  const { share } = access;
  return {
    hash: share.hash,
    mode: share.mode,
    name: access.name,
    isDir: access.isDir,
    expire: share.expire,
    hasPassword: share.passwordHash !== undefined,
    ...(share.maxDownloads !== undefined && {
      downloadsLeft: Math.max(0, share.maxDownloads - share.downloads),
    }),
    ...(share.maxUploadBytes !== undefined && { maxUploadBytes: share.maxUploadBytes }),
    ...(share.maxUploads !== undefined && {
      uploadsLeft: Math.max(0, share.maxUploads - share.uploads),
    }),
  };
}
