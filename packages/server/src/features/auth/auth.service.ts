import {
  parseDuration,
  type LoginBody,
  type SignupBody,
  type TokenClaims,
} from "@scriptorium/shared";
import { AppError, forbidden, unauthorized } from "../../errors.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/passwords.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UsersService } from "../users/users.service.js";
import { usernameKey, type UserRecord, type UsersStore } from "../users/users.store.js";
import type { AttemptCounter } from "../../lib/attempts.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import { recaptchaEnabled, verifyRecaptcha } from "./recaptcha.js";
import type { SessionClient, SessionRecord, SessionsStore } from "../sessions/sessions.store.js";
import { signToken, verifyToken } from "./tokens.js";

/** How long a token replaced by /api/renew keeps working, for requests already in flight. */
export const ROTATION_GRACE_MS = 30_000;
const DEFAULT_LIFETIME_MS = 2 * 3_600_000;
const RENEW_BEFORE_S = 3600;
const TOUCH_EVERY_MS = 60_000;

/** The token lifetime set (`tokenExpirationTime`), in milliseconds. */
export async function sessionLifetimeMs(settings: SettingsStore): Promise<number> {
  const { tokenExpirationTime } = await settings.getServerConfig();
  return parseDuration(tokenExpirationTime) ?? DEFAULT_LIFETIME_MS;
}

/** Who a request is: set by the auth plugin on authenticated routes. */
export interface AuthContext {
  user: UserRecord;
  session: SessionRecord;
  claims: TokenClaims;
}

const wrongCredentials = () => forbidden("Wrong credentials", "WRONG_CREDENTIALS");

/** Whether a session still lets its token in: not revoked, not expired, not rotated out. */
function usable(session: SessionRecord | undefined, now: number): session is SessionRecord {
  return (
    session !== undefined &&
    session.revokedAt === null &&
    session.expiresAt > now &&
    (session.rotatedAt === null || session.rotatedAt + ROTATION_GRACE_MS > now)
  );
}

/** Longest username written for a failed login (whatever was typed). */
const TRIED_NAME_MAX = 200;

/** The username of a failed login as the activity log keeps it: no control character, short. */
export function triedName(tried: string): string {
  return tried.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, TRIED_NAME_MAX);
}

/** Last-use times already written, so that a busy session is written once a minute at most. */
function createTouch(sessions: SessionsStore) {
  const touched = new Map<string, number>();
  return function touch(session: SessionRecord, now: number): void {
    const last = touched.get(session.id) ?? session.lastUsedAt ?? 0;
    if (now - last < TOUCH_EVERY_MS) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(session.id, now);
    void sessions.touch(session.id, now).catch(() => undefined);
  };
}

/**
 * A login with a username and password (the json method): reCAPTCHA when configured, wrong
 * guesses counted per username, the same work for an unknown name, and a File Browser bcrypt
 * hash replaced by Argon2id once it has matched.
 */
async function passwordLogin(
  deps: { users: UsersStore; settings: SettingsStore },
  attempts: AttemptCounter,
  body: LoginBody,
  ip: string,
): Promise<UserRecord> {
  const { users, settings } = deps;
  const username = body.username ?? "";
  const password = body.password ?? "";
  const key = usernameKey(username);
  await attempts.check(key);
  const config = await settings.getServerConfig();
  if (config.recaptcha.secret !== "") {
    await verifyRecaptcha(config.recaptcha, body.recaptcha, ip);
  }
  const user = username ? await users.findByUsername(username) : undefined;
  if (!user) {
    await verifyAgainstDummy(password);
    await attempts.fail(key);
    throw wrongCredentials();
  }
  const { ok, needsRehash } = await verifyPassword(user.passwordHash, password);
  if (!ok) {
    await attempts.fail(key);
    throw wrongCredentials();
  }
  await attempts.succeed(key);
  if (needsRehash) {
    return users.update({ ...user, passwordHash: await hashPassword(password) });
  }
  return user;
}

/** Login methods, signup, revocable sessions and token renewal (API.md §1 with Part A §4). */
export function createAuthService(deps: {
  users: UsersStore;
  usersService: UsersService;
  sessions: SessionsStore;
  settings: SettingsStore;
  /** Failed logins per username (shared with WebDAV's logins, features/app-passwords). */
  attempts: AttemptCounter;
  /** The activity log: logins and failed logins. */
  activity?: ActivityRecorder;
}) {
  const { users, usersService, sessions, settings, attempts } = deps;

  const touch = createTouch(sessions);

  async function issue(user: UserRecord, client?: SessionClient): Promise<string> {
    const lifetime = await sessionLifetimeMs(settings);
    // Each login clears what can no longer be used (issue 31): the lists stay short.
    await sessions.prune(Date.now(), lifetime);
    const session = await sessions.create(user.id, lifetime, client);
    return signToken(await settings.getSecret(), user, session.id, session.expiresAt);
  }

  /** The user a login request names by the configured method; 403 for wrong credentials. */
  async function loginUser(
    body: LoginBody,
    headers: Record<string, unknown>,
    ip: string,
  ): Promise<UserRecord> {
    const config = await settings.getServerConfig();
    if (config.authMethod === "noauth") {
      const user = await users.first();
      if (!user) throw new AppError("INTERNAL", "No user exists to log in as");
      return user;
    }
    if (config.authMethod === "proxy") {
      const header = config.authHeader.toLowerCase();
      const value = header ? headers[header] : undefined;
      const user =
        typeof value === "string" && value ? await users.findByUsername(value) : undefined;
      if (!user) throw wrongCredentials();
      return user;
    }
    return passwordLogin(deps, attempts, body, ip);
  }

  return {
    issue,

    /** POST /api/login: returns a new token for the configured auth method. */
    async login(body: LoginBody, headers: Record<string, unknown>, ip: string): Promise<string> {
      let user: UserRecord;
      try {
        user = await loginUser(body, headers, ip);
      } catch (err) {
        if (err instanceof AppError && err.code === "WRONG_CREDENTIALS") {
          const tried = typeof body.username === "string" ? body.username : "";
          await deps.activity?.record({
            action: "login-failed",
            actor: null,
            username: triedName(tried),
          });
        }
        throw err;
      }
      await deps.activity?.record({
        action: "login",
        actor: { id: user.id, username: user.username },
      });
      const agent = headers["user-agent"];
      return issue(user, { userAgent: typeof agent === "string" ? agent : "", address: ip });
    },

    /**
     * POST /api/signup: creates a user from the defaults; 405 when signup is off. Whatever the
     * defaults say, a self-registered user is never an administrator and never runs commands
     * (advisories CVE-2026-32760 and CVE-2026-34528).
     */
    async signup(body: SignupBody): Promise<void> {
      const global = await settings.getSettings();
      if (!global.signup) throw new AppError("SIGNUP_DISABLED", "Signup is disabled");
      await usersService.create({
        username: body.username,
        password: body.password,
        fields: { perm: { ...global.defaults.perm, admin: false, execute: false }, commands: [] },
        homeFromSettings: true,
      });
    },

    /** Rotates the session: a new token and session; the old one lives 30 s more. */
    async renew(ctx: AuthContext): Promise<string> {
      await sessions.markRotated(ctx.session.id);
      const { userAgent, address, loginAt } = ctx.session;
      return issue(ctx.user, { userAgent, address, loginAt });
    },

    async logout(ctx: AuthContext): Promise<void> {
      await sessions.revoke(ctx.session.id);
    },

    /** Resolves a token to its user and live session, or throws 401. */
    async authenticate(token: string): Promise<AuthContext> {
      const claims = await verifyToken(await settings.getSecret(), token);
      if (!claims) throw unauthorized("Invalid or expired token");
      const session = await sessions.find(claims.sid);
      const now = Date.now();
      if (!usable(session, now)) throw unauthorized("This session has ended");
      const user = await users.findById(session.userId);
      if (!user || user.id !== claims.user.id) throw unauthorized("This user no longer exists");
      touch(session, now);
      return { user, session, claims };
    },

    /** Whether the session still lets its token in (a live stream ends when it does not). */
    async sessionLive(sessionId: string): Promise<boolean> {
      return usable(await sessions.find(sessionId), Date.now());
    },

    /** X-Renew-Token: the token expires within an hour, or the user changed since it was issued. */
    shouldRenew(ctx: AuthContext): boolean {
      const now = Math.floor(Date.now() / 1000);
      const { exp, iat } = ctx.claims;
      // With short token lifetimes, renew at half-life instead of an hour before expiry.
      const threshold = Math.min(RENEW_BEFORE_S, (exp - iat) / 2);
      return exp - now < threshold || ctx.user.updatedAt > iat;
    },

    /** Recaptcha state for the page globals. */
    async recaptcha() {
      const config = await settings.getServerConfig();
      return {
        enabled: config.authMethod === "json" && recaptchaEnabled(config.recaptcha),
        config,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
