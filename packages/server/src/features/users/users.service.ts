import {
  isSelfEditable,
  USER_FIELDS,
  UserDataSchema,
  type User,
  type UserData,
  type UserField,
  type UserUpdate,
} from "@scriptorium/shared";
import { badRequest, forbidden, notFound } from "../../errors.js";
import type { AttemptBackend, AttemptLimit } from "../../lib/attempts.js";
import { goBody } from "../../lib/go-body.js";
import { scopeRoot } from "../../lib/safe-path.js";
import { createScopeFolder } from "../../storage/scope-folder.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import type { SessionsStore } from "../sessions/sessions.store.js";
import type { SettingsStore } from "../settings/settings.store.js";
import { changeUser, type UserChanges } from "./user-changes.js";
import { createUser, type CreateUserInput, type UserWriteContext } from "./user-create.js";
import { createPasswordChecks } from "./user-passwords.js";
import { keepAnAdministrator } from "./user-rules.js";
import type { UserRecord, UsersStore } from "./users.store.js";

export type { CreateUserInput } from "./user-create.js";
export type { UserChanges } from "./user-changes.js";
export { cleanScope, cleanUsername } from "./user-rules.js";

/** The user as the API shows it: never a password; the scope only to admins. */
export function toApiUser(
  { passwordHash: _hash, updatedAt: _updatedAt, ...fields }: UserRecord,
  viewerIsAdmin: boolean,
): User {
  return { ...fields, password: "", scope: viewerIsAdmin ? fields.scope : "" };
}

function requireAdmin(actor: UserRecord, message = "Only administrators manage users"): void {
  if (!actor.perm.admin) throw forbidden(message);
}

/**
 * The fields a PUT /api/users/{id} envelope changes: those `which` names, or with `which` empty
 * or ["all"] (admins only) every field sent. A named field must be sent; a non-admin may name
 * only the fields of SELF_EDITABLE_FIELDS.
 */
function requestedChanges(actor: UserRecord, body: UserUpdate, data: UserData): UserChanges {
  const requested = body.which ?? [];
  const all = requested.length === 0 || requested.includes("all");
  if (all && !actor.perm.admin) throw forbidden("Only an administrator may replace a whole user");
  const unknown = requested.find((n) => n !== "all" && !USER_FIELDS.includes(n as UserField));
  if (unknown !== undefined) throw badRequest(`Unknown user field: ${unknown}`);
  const fields = all
    ? USER_FIELDS.filter((f) => data[f] !== undefined)
    : (requested as UserField[]);
  if (!actor.perm.admin && !fields.every(isSelfEditable)) {
    throw forbidden("Only an administrator may change these fields");
  }
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const value = data[field];
    if (value === undefined) throw badRequest(`The field "${field}" is missing from the data`);
    // The user form sends an empty password when it keeps the old one.
    if (!(all && field === "password" && value === "")) changes[field] = value;
  }
  return changes;
}

/** The user fields sent in `data`, besides the name and the password, for a new user. */
function fieldsOf(data: UserData): CreateUserInput["fields"] {
  const fields: CreateUserInput["fields"] = {};
  for (const field of USER_FIELDS) {
    const value = data[field];
    if (field !== "username" && field !== "password" && value !== undefined) {
      Object.assign(fields, { [field]: value });
    }
  }
  return fields;
}

/** User rules behind the API and the `users` commands: creation, changes, deletion. */
export function createUsersService(deps: {
  users: UsersStore;
  sessions: SessionsStore;
  settings: SettingsStore;
  root: string;
  /** Runs before a user is deleted: their uploads in progress are dropped with their bytes. */
  beforeRemove?: (userId: number) => Promise<void>;
  /** Wrong current passwords allowed per user before 429 (default 10 in 15 minutes). */
  currentPasswordAttempts?: AttemptLimit;
  /** Where those counts live (the database's, shared by instances); else memory. */
  attemptsBackend?: AttemptBackend;
  /** Makes a scope's folder; by default at once under `root` (imports make theirs later). */
  makeScopeFolder?: (scope: string) => Promise<void>;
  /** The activity log: users created, changed, deleted. */
  activity?: ActivityRecorder;
}) {
  const { users, sessions, root } = deps;
  const passwords = createPasswordChecks(deps);
  const ctx: UserWriteContext = {
    users,
    settings: deps.settings,
    passwords,
    makeScopeFolder:
      deps.makeScopeFolder ?? ((scope) => createScopeFolder(root, scopeRoot(root, scope))),
  };

  async function find(id: number): Promise<UserRecord> {
    const user = await users.findById(id);
    if (!user) throw notFound("No such user");
    return user;
  }

  return {
    /** Makes a user from the global defaults plus explicit fields; 409 when the name is taken. */
    async create(input: CreateUserInput): Promise<UserRecord> {
      const user = await createUser(ctx, input);
      await deps.activity?.record({ action: "user-create", detail: user.username });
      return user;
    },

    /**
     * Changes a user (the API after its checks, and the `users` commands); a new password
     * ends every session of the user except `keepSession`.
     */
    async change(id: number, changes: UserChanges, keepSession?: string): Promise<UserRecord> {
      const { user, passwordChanged } = await changeUser(ctx, await find(id), changes);
      if (passwordChanged) await sessions.revokeAllOf(id, keepSession);
      // Which fields, never their values (a password above all).
      const fields = Object.keys(changes).filter((k) => k !== "passwordHash" || !changes.password);
      await deps.activity?.record({
        action: "user-change",
        detail: `${user.username}: ${fields.map((k) => (k === "passwordHash" ? "password" : k)).join(", ")}`,
      });
      return user;
    },

    /**
     * Deletes a user: never the last administrator; their sessions end, their uploads in
     * progress go with their bytes, the database drops their share links; their files stay.
     */
    async delete(id: number): Promise<{ user: UserRecord; sessionsEnded: number }> {
      const user = await find(id);
      await keepAnAdministrator(users, user, undefined);
      const sessionsEnded = await sessions.revokeAllOf(id);
      await deps.beforeRemove?.(id);
      await users.remove(id);
      await deps.activity?.record({ action: "user-delete", detail: user.username });
      return { user, sessionsEnded };
    },

    /** GET /api/users: every user by id (admins only). */
    async list(actor: UserRecord): Promise<User[]> {
      requireAdmin(actor);
      return (await users.list()).map((u) => toApiUser(u, true));
    },

    async get(actor: UserRecord, id: number): Promise<User> {
      if (actor.id !== id && !actor.perm.admin) throw forbidden();
      return toApiUser(await find(id), actor.perm.admin);
    },

    /**
     * POST /api/users: the modify envelope with an empty `which` and the new user in `data`
     * (its `id` is ignored). Returns the new user's id.
     */
    async createFromApi(actor: UserRecord, body: UserUpdate): Promise<number> {
      requireAdmin(actor);
      if (body.what !== "user") throw badRequest('"what" must be "user"');
      if ((body.which ?? []).length > 0) throw badRequest('"which" must be empty to create a user');
      const data = goBody(UserDataSchema, body.data);
      if (data.username === undefined) throw badRequest("The username must not be empty");
      const input = { username: data.username, password: data.password ?? "" };
      return (await this.create({ ...input, fields: fieldsOf(data) })).id;
    },

    /** DELETE /api/users/{id}: administrators only. */
    async remove(actor: UserRecord, id: number): Promise<void> {
      requireAdmin(actor, "Only administrators delete users");
      await this.delete(id);
    },

    /**
     * Applies a PUT /api/users/{id} envelope. A password change needs the changer's current
     * password and ends every other session of that user (API.md Part A §4).
     */
    async update(
      actor: UserRecord,
      id: number,
      body: UserUpdate,
      currentSessionId?: string,
    ): Promise<UserRecord> {
      if (body.what !== "user") throw badRequest('"what" must be "user"');
      const data = goBody(UserDataSchema, body.data);
      if (data.id !== id) throw badRequest("The user id in the body does not match the URL");
      if (actor.id !== id && !actor.perm.admin) throw forbidden();
      const target = await find(id);
      const changes = requestedChanges(actor, body, data);
      if (changes.password !== undefined) {
        if (!actor.perm.admin && target.lockPassword) throw forbidden("The password is locked");
        await passwords.checkCurrent(actor, body.current_password);
      }
      return this.change(id, changes, currentSessionId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
