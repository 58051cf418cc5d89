import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { AppError, unauthorized } from "../../errors.js";
import { setRequestActor } from "../../http/request-context.js";
import {
  createAttemptCounter,
  type AttemptBackend,
  type AttemptCounter,
  type AttemptLimit,
} from "../../lib/attempts.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/passwords.js";
import { visitorKey } from "../../lib/visitor-address.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import { triedName } from "../auth/auth.service.js";
import type { SettingsStore } from "../settings/settings.store.js";
import { usernameKey, type UserRecord, type UsersStore } from "../users/users.store.js";
import { parseAppPassword } from "./app-password-secret.js";
import type { AppPasswordsStore } from "./app-passwords.store.js";

/** Who a WebDAV request is. */
export interface DavIdentity {
  user: UserRecord;
  /** True for a read-only app password: the request may read, never change. */
  readOnly: boolean;
  /** null: the account password, the proxy header or noauth */
  appPasswordId: number | null;
}

export interface DavLoginDeps {
  users: UsersStore;
  settings: SettingsStore;
  appPasswords: AppPasswordsStore;
  /** The counter of failed logins per username that POST /api/login uses too. */
  attempts: AttemptCounter;
  /**
   * Failed logins allowed per address (an IPv6 /64 as one) over all usernames, against guesses
   * spread over many names; the numbers of `--login-limit` (default 30 a minute).
   */
  failedPerAddress?: AttemptLimit;
  /** Where the per-address counts live (the database's, shared by instances); else memory. */
  attemptsBackend?: AttemptBackend;
  /** The activity log: failed logins. */
  activity?: ActivityRecorder;
  /** How long a verified password is remembered (default 60 s). */
  rememberMs?: number;
}

/** Verified credentials remembered at most, and how often a password's last use is written. */
const REMEMBERED_MAX = 1000;
const DEFAULT_REMEMBER_MS = 60_000;
const TOUCH_EVERY_MS = 60_000;
/** Longest Authorization header looked at (a username and an app password need far less). */
const HEADER_MAX = 4096;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** `Authorization: Basic base64(username:password)`; undefined when missing or malformed. */
function basicCredentials(
  header: string | undefined,
): { username: string; password: string } | undefined {
  if (header === undefined || header.length > HEADER_MAX) return undefined;
  const match = /^basic +(\S+) *$/i.exec(header);
  const encoded = match?.[1];
  if (encoded === undefined || !BASE64.test(encoded)) return undefined;
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.from(encoded, "base64"));
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A successful verification: who, and the hash that matched. */
interface Verified {
  identity: DavIdentity;
  hash: string;
}

/** What a remembered verification re-checks on each request, cheaply, before it is trusted. */
interface Remembered {
  userId: number;
  appPasswordId: number | null;
  /** The hash that matched (the app password's or the account's): a change forgets it. */
  hash: string;
  until: number;
}

/**
 * The login of WebDAV requests, by the configured method: the proxy header, noauth (the first
 * user), or Basic credentials whose password is one of the user's app passwords, or the account
 * password when the admin allows it. Failures count in the per-username limit of /api/login.
 * Desktop clients send Basic on every request: a verification is remembered for a minute (keyed
 * by a SHA-256 of the credentials), and each request still re-reads the app password's row and
 * the user, so that a revocation, a deletion or a new account password stops it at once.
 */
export function createDavLogin(deps: DavLoginDeps) {
  const { users, settings, appPasswords, attempts } = deps;
  const rememberMs = deps.rememberMs ?? DEFAULT_REMEMBER_MS;
  const addresses = createAttemptCounter(
    deps.failedPerAddress ?? { max: 30, windowMs: 60_000 },
    deps.attemptsBackend && { backend: deps.attemptsBackend, kind: "dav-address" },
  );
  const remembered = new Map<string, Remembered>();
  const touched = new Map<number, number>();

  function remember(key: string, entry: Remembered): void {
    remembered.delete(key);
    if (remembered.size >= REMEMBERED_MAX) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(key, entry);
  }

  /** Verifications under way by credentials: a client's parallel first requests share one. */
  const verifying = new Map<string, Promise<Verified | undefined>>();

  /** Writes an app password's last use, once a minute at most. */
  async function touch(id: number, lastUsedAt: number | null, now: number): Promise<void> {
    const last = Math.max(touched.get(id) ?? 0, lastUsedAt ?? 0);
    if (now - last < TOUCH_EVERY_MS) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(id, now);
    await appPasswords.touch(id, now).catch(() => undefined);
  }

  /** The identity of a remembered verification if everything it rests on still holds. */
  async function recheck(
    entry: Remembered,
    key: string,
    allowAccount: boolean,
    now: number,
  ): Promise<DavIdentity | undefined> {
    const user = await users.findById(entry.userId);
    if (!user || usernameKey(user.username) !== key) return undefined;
    if (entry.appPasswordId === null) {
      if (!allowAccount || user.passwordHash !== entry.hash) return undefined;
      return { user, readOnly: false, appPasswordId: null };
    }
    const row = await appPasswords.find(entry.appPasswordId);
    if (!row || row.userId !== user.id || row.secretHash !== entry.hash) return undefined;
    await touch(row.id, row.lastUsedAt, now);
    return { user, readOnly: row.readOnly, appPasswordId: row.id };
  }

  /** Verifies credentials with Argon2 (or File Browser's bcrypt); the same work when unknown. */
  async function verify(
    username: string,
    password: string,
    allowAccount: boolean,
    now: number,
  ): Promise<Verified | undefined> {
    const user = await users.findByUsername(username);
    const shaped = parseAppPassword(password);
    const row = user && shaped ? await appPasswords.find(shaped.id) : undefined;
    if (user && shaped && row && row.userId === user.id) {
      if (!(await verifyPassword(row.secretHash, shaped.secret)).ok) return undefined;
      await touch(row.id, row.lastUsedAt, now);
      return {
        identity: { user, readOnly: row.readOnly, appPasswordId: row.id },
        hash: row.secretHash,
      };
    }
    if (user && allowAccount) {
      const { ok, needsRehash } = await verifyPassword(user.passwordHash, password);
      if (!ok) return undefined;
      const current = needsRehash
        ? await users.update({ ...user, passwordHash: await hashPassword(password) })
        : user;
      return {
        identity: { user: current, readOnly: false, appPasswordId: null },
        hash: current.passwordHash,
      };
    }
    await verifyAgainstDummy(password);
    return undefined;
  }

  async function failed(username: string): Promise<never> {
    await deps.activity?.record({
      action: "login-failed",
      actor: null,
      username: triedName(username),
      detail: "webdav",
    });
    throw unauthorized("Wrong credentials");
  }

  /** Claims an attempt for the username and the address, verifies, and gives them back if right. */
  async function claimAndVerify(
    key: string,
    address: string,
    run: () => Promise<Verified | undefined>,
  ): Promise<Verified | undefined> {
    await attempts.claim(key);
    try {
      await addresses.claim(address);
    } catch (err) {
      await attempts.release(key);
      throw err;
    }
    let verified: Verified | undefined;
    try {
      verified = await run();
    } catch (err) {
      await attempts.release(key);
      await addresses.release(address);
      throw err;
    }
    if (verified) {
      await attempts.release(key);
      await addresses.release(address);
    }
    return verified;
  }

  async function basicLogin(headers: IncomingHttpHeaders, ip: string): Promise<DavIdentity> {
    const credentials = basicCredentials(headers.authorization);
    if (!credentials) throw unauthorized("Basic credentials are required");
    const { username, password } = credentials;
    const key = usernameKey(username);
    const address = visitorKey(ip);
    // Past a limit, even the right password is refused (429 with Retry-After). A success
    // resets neither count: a client's steady successes must give an attacker no fresh tries.
    await attempts.check(key);
    await addresses.check(address);
    const allowAccount = (await settings.getSettings()).webdav.allowAccountPassword;
    const now = Date.now();
    const cacheKey = createHash("sha256").update(`${key}\0${password}`).digest("base64url");
    const entry = remembered.get(cacheKey);
    if (entry && entry.until > now) {
      const identity = await recheck(entry, key, allowAccount, now);
      if (identity) return identity;
    }
    remembered.delete(cacheKey);
    // A client's parallel first requests wait for the one verification under way (and count
    // as one attempt: the same guess).
    const running = verifying.get(cacheKey);
    if (running) return (await running)?.identity ?? failed(username);
    // Counted before the slow verification and taken back if it succeeds: guesses sent at
    // once (to this instance or another) cannot all pass the checks while the first ones are
    // being verified. The task is registered before anything is awaited, so that the same
    // credentials sent at once wait for it.
    const task = claimAndVerify(key, address, () => verify(username, password, allowAccount, now));
    verifying.set(cacheKey, task);
    let verified: Verified | undefined;
    try {
      verified = await task;
    } finally {
      verifying.delete(cacheKey);
    }
    if (!verified) return failed(username);
    const { identity, hash } = verified;
    remember(cacheKey, {
      userId: identity.user.id,
      appPasswordId: identity.appPasswordId,
      hash,
      until: now + rememberMs,
    });
    return identity;
  }

  async function login(headers: IncomingHttpHeaders, ip: string): Promise<DavIdentity> {
    const config = await settings.getServerConfig();
    if (config.authMethod === "noauth") {
      const user = await users.first();
      if (!user) throw new AppError("INTERNAL", "No user exists to log in as");
      return { user, readOnly: false, appPasswordId: null };
    }
    if (config.authMethod === "proxy") {
      const header = config.authHeader.toLowerCase();
      const value = header ? headers[header] : undefined;
      if (typeof value !== "string" || value === "") {
        throw unauthorized("The proxy did not name the user");
      }
      const user = await users.findByUsername(value);
      if (!user) return failed(value);
      return { user, readOnly: false, appPasswordId: null };
    }
    return basicLogin(headers, ip);
  }

  return {
    /**
     * Who sends a WebDAV request; throws 401 (UNAUTHORIZED) for missing, malformed or wrong
     * credentials and 429 (RATE_LIMITED, with Retry-After) past the limit of failed logins.
     * `ip` is the client's address (`request.ip`): failures are also counted per address.
     */
    async authenticate(headers: IncomingHttpHeaders, ip: string): Promise<DavIdentity> {
      const identity = await login(headers, ip);
      setRequestActor({ id: identity.user.id, username: identity.user.username });
      return identity;
    },
  };
}

export type DavLogin = ReturnType<typeof createDavLogin>;
