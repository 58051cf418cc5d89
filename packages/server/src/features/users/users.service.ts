import {
  allPermissions,
  isLocale,
  USER_FIELDS,
  type Perm,
  type Settings,
  type User,
  type UserField,
  type UserUpdate,
} from "@scriptorium/shared";
import { createScopeFolder } from "../../storage/scope-folder.js";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors.js";
import { createAttemptCounter, type AttemptLimit } from "../../lib/attempts.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import { cleanUsernameForHome, scopeRoot } from "../../lib/safe-path.js";
import type { SessionsStore } from "../sessions/sessions.store.js";
import { checkRules } from "../settings/settings-checks.js";
import type { SettingsStore } from "../settings/settings.store.js";
import {
  isUniqueViolation,
  type NewUser,
  type UserRecord,
  type UsersStore,
} from "./users.store.js";

/** Fields only an admin may change, even on their own record (API.md §8.3). */
const ADMIN_ONLY_FIELDS: readonly UserField[] = [
  "username",
  "scope",
  "lockPassword",
  "perm",
  "commands",
  "rules",
];

export interface CreateUserInput {
  username: string;
  password: string;
  /** Explicit values; anything missing comes from the global defaults. */
  fields?: Partial<Omit<User, "id" | "username" | "password">>;
  /** Signup: give the user a home folder when `createUserDir` is on. */
  homeFromSettings?: boolean;
}

const MAX_USERNAME = 100;

/** A username as stored: trimmed and NFC; 400 when empty, too long or with control characters. */
export function cleanUsername(raw: string): string {
  const name = raw.normalize("NFC").trim();
  if (!name) throw badRequest("The username must not be empty");
  if ([...name].length > MAX_USERNAME) {
    throw badRequest(`The username must be at most ${MAX_USERNAME} characters long`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\u0080-\u009f\u2028\u2029]/.test(name) || name.includes("\ufffd")) {
    throw badRequest("The username must not contain control characters");
  }
  return name;
}

/** A scope as stored: trimmed, "." when empty; 400 with control characters (NUL included). */
export function cleanScope(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) {
    throw badRequest("The scope must not contain control characters");
  }
  return raw.trim() || ".";
}

/** The user as the API shows it: never a password; the scope only to admins. */
export function toApiUser(user: UserRecord, viewerIsAdmin: boolean): User {
  return {
    id: user.id,
    username: user.username,
    password: "",
    scope: viewerIsAdmin ? user.scope : "",
    locale: user.locale,
    lockPassword: user.lockPassword,
    viewMode: user.viewMode,
    singleClick: user.singleClick,
    perm: user.perm,
    commands: user.commands,
    sorting: user.sorting,
    rules: user.rules,
    hideDotfiles: user.hideDotfiles,
    dateFormat: user.dateFormat,
  };
}

/** User rules: creation with defaults, self and admin updates, home folders. */
export function createUsersService(deps: {
  users: UsersStore;
  sessions: SessionsStore;
  settings: SettingsStore;
  root: string;
  /** Runs before a user is deleted: their uploads in progress are dropped with their bytes. */
  beforeRemove?: (userId: number) => Promise<void>;
  /** Wrong current passwords allowed per user before 429 (default 10 in 15 minutes). */
  currentPasswordAttempts?: AttemptLimit;
}) {
  const { users, sessions, settings, root } = deps;
  const attempts = createAttemptCounter(
    deps.currentPasswordAttempts ?? { max: 10, windowMs: 15 * 60_000 },
  );

  async function checkPassword(password: string | undefined): Promise<string> {
    if (!password) throw badRequest("The password must not be empty");
    const { minimumPasswordLength } = await settings.getServerConfig();
    if ([...password].length < minimumPasswordLength) {
      throw new AppError(
        "PASSWORD_TOO_SHORT",
        `The password must be at least ${minimumPasswordLength} characters long`,
      );
    }
    return hashPassword(password);
  }

  /**
   * A password change proves who makes it (advisory CVE-2026-25889): the actor's own current
   * password, also when an admin sets another user's. Only where passwords log in (json).
   * Wrong guesses are counted per actor, so a stolen token cannot brute-force the password here.
   */
  async function checkCurrentPassword(actor: UserRecord, given: string | undefined) {
    const { authMethod } = await settings.getServerConfig();
    if (authMethod !== "json") return;
    const key = String(actor.id);
    attempts.check(key);
    const { ok } = given ? await verifyPassword(actor.passwordHash, given) : { ok: false };
    if (!ok) {
      attempts.fail(key);
      throw new AppError("CURRENT_PASSWORD_INCORRECT", "The current password is incorrect");
    }
    attempts.succeed(key);
  }

  async function ensureScope(scope: string): Promise<void> {
    await createScopeFolder(root, scopeRoot(root, scope));
  }

  function homeScope(global: Settings, username: string): string {
    const name = cleanUsernameForHome(username);
    if (!name) throw badRequest("This username cannot be used as a folder name");
    return `${global.userHomeBasePath.replace(/\/+$/, "")}/${name}`;
  }

  return {
    /** Checks a new password against the minimum length and hashes it (the CLI sets one too). */
    hashNewPassword: checkPassword,

    /** Creates a user from the global defaults plus explicit fields; 409 when the name is taken. */
    async create(input: CreateUserInput): Promise<UserRecord> {
      const username = cleanUsername(input.username);
      const passwordHash = await checkPassword(input.password);
      const global = await settings.getSettings();
      const d = global.defaults;
      const fields = input.fields ?? {};
      let scope = fields.scope ?? d.scope;
      cleanScope(scope);
      const wantsHome = input.homeFromSettings && global.createUserDir;
      if (wantsHome && (scope.trim() === "" || scope.trim() === ".")) {
        scope = homeScope(global, username);
      } else if (scope.trim() === "" && global.createUserDir) {
        scope = homeScope(global, username);
      }
      const perm = fields.perm ?? { ...d.perm };
      const user: NewUser = {
        username,
        passwordHash,
        scope: scope.trim() || ".",
        locale: fields.locale ?? d.locale,
        lockPassword: perm.admin ? false : (fields.lockPassword ?? false),
        viewMode: fields.viewMode ?? d.viewMode,
        singleClick: fields.singleClick ?? d.singleClick,
        perm: perm.admin ? allPermissions() : perm,
        commands: fields.commands ?? [...d.commands],
        sorting: fields.sorting ?? { ...d.sorting },
        rules: fields.rules ?? [],
        hideDotfiles: fields.hideDotfiles ?? d.hideDotfiles,
        dateFormat: fields.dateFormat ?? d.dateFormat,
      };
      if (!isLocale(user.locale)) throw badRequest(`Unknown locale: ${user.locale}`);
      checkRules(user.rules);
      if (await users.findByUsername(username)) throw conflict("This username is already taken");
      await ensureScope(user.scope);
      try {
        return await users.insert(user);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict("This username is already taken");
        throw err;
      }
    },

    /** GET /api/users: every user by id (admins only). */
    async list(actor: UserRecord): Promise<User[]> {
      if (!actor.perm.admin) throw forbidden("Only administrators manage users");
      return (await users.list()).map((u) => toApiUser(u, true));
    },

    /**
     * POST /api/users: the modify envelope with an empty `which` and the new user in `data`
     * (its `id` is ignored). Returns the new user's id.
     */
    async createFromApi(actor: UserRecord, body: UserUpdate): Promise<number> {
      if (!actor.perm.admin) throw forbidden("Only administrators manage users");
      if (body.what !== "user") throw badRequest('"what" must be "user"');
      if ((body.which ?? []).length > 0) throw badRequest('"which" must be empty to create a user');
      const { data } = body;
      if (typeof data.username !== "string") throw badRequest("The username must not be empty");
      const fields: CreateUserInput["fields"] = {};
      for (const field of USER_FIELDS) {
        if (field === "username" || field === "password") continue;
        const value = data[field];
        if (value !== undefined) (fields as Record<string, unknown>)[field] = value;
      }
      const created = await this.create({
        username: data.username,
        password: data.password ?? "",
        fields,
      });
      return created.id;
    },

    /**
     * DELETE /api/users/{id}: administrators only. The last administrator stays; the user's
     * sessions end and their share links go (the database cascades); their files stay.
     */
    async remove(actor: UserRecord, id: number): Promise<void> {
      if (!actor.perm.admin) throw forbidden("Only administrators delete users");
      const target = await users.findById(id);
      if (!target) throw notFound("No such user");
      if (target.perm.admin && (await users.countAdmins()) <= 1) {
        throw badRequest("The last administrator cannot be deleted");
      }
      await sessions.revokeAllOf(id);
      await deps.beforeRemove?.(id);
      await users.remove(id);
    },

    async get(actor: UserRecord, id: number): Promise<User> {
      if (actor.id !== id && !actor.perm.admin) throw forbidden();
      const user = await users.findById(id);
      if (!user) throw notFound("No such user");
      return toApiUser(user, actor.perm.admin);
    },

    /**
     * Applies a PUT /api/users/{id} envelope. A password change revokes every other session
     * of that user (API.md Part A §4); `currentSessionId` is kept.
     */
    async update(
      actor: UserRecord,
      id: number,
      body: UserUpdate,
      currentSessionId?: string,
    ): Promise<UserRecord> {
      if (body.what !== "user") throw badRequest('"what" must be "user"');
      if (body.data.id !== id) throw badRequest("The user id in the body does not match the URL");
      const isAdmin = actor.perm.admin;
      if (actor.id !== id && !isAdmin) throw forbidden();
      const target = await users.findById(id);
      if (!target) throw notFound("No such user");

      const requested = body.which ?? [];
      const all = requested.length === 0 || requested.includes("all");
      if (all && !isAdmin) throw forbidden("Only an administrator may replace a whole user");
      for (const name of requested) {
        if (name !== "all" && !(USER_FIELDS as readonly string[]).includes(name)) {
          throw badRequest(`Unknown user field: ${name}`);
        }
      }
      const fields: UserField[] = all
        ? USER_FIELDS.filter((f) => body.data[f] !== undefined)
        : (requested as UserField[]);
      if (!isAdmin && fields.some((f) => ADMIN_ONLY_FIELDS.includes(f))) {
        throw forbidden("Only an administrator may change these fields");
      }

      const next: UserRecord = { ...target };
      let passwordChanged = false;
      for (const field of fields) {
        const value = body.data[field];
        if (value === undefined) {
          if (all) continue;
          throw badRequest(`The field "${field}" is missing from the data`);
        }
        switch (field) {
          case "password":
            if (all && value === "") break;
            if (!isAdmin && target.lockPassword) throw forbidden("The password is locked");
            await checkCurrentPassword(actor, body.current_password);
            next.passwordHash = await checkPassword(value as string);
            passwordChanged = true;
            break;
          case "username": {
            const name = cleanUsername(value as string);
            const other = await users.findByUsername(name);
            if (other && other.id !== id) throw conflict("This username is already taken");
            next.username = name;
            break;
          }
          case "locale":
            if (!isLocale(value as string))
              throw badRequest(`Unknown locale: ${JSON.stringify(value)}`);
            next.locale = value as string;
            break;
          case "scope":
            next.scope = cleanScope(value as string);
            await ensureScope(next.scope);
            break;
          case "perm":
            next.perm = (value as Perm).admin ? allPermissions() : (value as Perm);
            break;
          case "rules":
            checkRules(value as User["rules"]);
            next.rules = value as User["rules"];
            break;
          default:
            (next as unknown as Record<string, unknown>)[field] = value;
        }
      }
      if (target.perm.admin && !next.perm.admin && (await users.countAdmins()) <= 1) {
        throw badRequest("The last administrator cannot lose the admin permission");
      }
      if (next.perm.admin) next.lockPassword = false;
      const saved = await users.update(next);
      if (passwordChanged) await sessions.revokeAllOf(id, currentSessionId);
      return saved;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
