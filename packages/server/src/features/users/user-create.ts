import type { Settings, User } from "@scriptorium/shared";
import { badRequest, conflict } from "../../errors.js";
import { cleanUsernameForHome } from "../../lib/safe-path.js";
import { checkRules } from "../settings/settings-checks.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { PasswordChecks } from "./user-passwords.js";
import {
  checkLocale,
  checkPasswordHash,
  cleanScope,
  cleanUsername,
  withAdminRule,
} from "./user-rules.js";
import {
  isUniqueViolation,
  type NewUser,
  type UserRecord,
  type UsersStore,
} from "./users.store.js";

/** What making or changing a user needs besides its input. */
export interface UserWriteContext {
  users: UsersStore;
  settings: SettingsStore;
  passwords: PasswordChecks;
  /** Makes the folder of a scope under the files root (imports make them after their commit). */
  makeScopeFolder: (scope: string) => Promise<void>;
}

export interface CreateUserInput {
  username: string;
  /** A new password: checked against the minimum length, then hashed. */
  password?: string;
  /** Imports: a stored Argon2id or bcrypt hash, kept as it is (instead of `password`). */
  passwordHash?: string;
  /** Explicit values; anything missing comes from the global defaults. */
  fields?: Partial<Omit<User, "id" | "username" | "password">>;
  /** Signup: give the user a home folder when `createUserDir` is on. */
  homeFromSettings?: boolean;
  /** The File Browser import keeps a user's id where it is free. */
  id?: number;
}

function homeScope(global: Settings, username: string): string {
  const name = cleanUsernameForHome(username);
  if (!name) throw badRequest("This username cannot be used as a folder name");
  return `${global.userHomeBasePath.replace(/\/+$/, "")}/${name}`;
}

/** The scope a new user gets: the given or default one, or a home folder (API.md §8.3). */
function scopeFor(global: Settings, input: CreateUserInput, username: string): string {
  const scope = cleanScope(input.fields?.scope ?? global.defaults.scope);
  const blank = (input.fields?.scope ?? global.defaults.scope).trim() === "";
  const wantsHome = input.homeFromSettings === true && global.createUserDir;
  if ((wantsHome && scope === ".") || (blank && global.createUserDir)) {
    return homeScope(global, username);
  }
  return scope;
}

async function passwordHashOf(ctx: UserWriteContext, input: CreateUserInput): Promise<string> {
  if (input.passwordHash === undefined) return ctx.passwords.hashNew(input.password);
  checkPasswordHash(input.passwordHash);
  return input.passwordHash;
}

/** Makes a user from the global defaults plus explicit fields; 409 when the name is taken. */
export async function createUser(
  ctx: UserWriteContext,
  input: CreateUserInput,
): Promise<UserRecord> {
  const username = cleanUsername(input.username);
  const passwordHash = await passwordHashOf(ctx, input);
  const global = await ctx.settings.getSettings();
  const d = global.defaults;
  const fields = input.fields ?? {};
  const user: NewUser = withAdminRule({
    username,
    passwordHash,
    scope: scopeFor(global, input, username),
    locale: fields.locale ?? d.locale,
    lockPassword: fields.lockPassword ?? false,
    viewMode: fields.viewMode ?? d.viewMode,
    singleClick: fields.singleClick ?? d.singleClick,
    perm: fields.perm ?? { ...d.perm },
    commands: fields.commands ?? [...d.commands],
    sorting: fields.sorting ?? { ...d.sorting },
    rules: fields.rules ?? [],
    hideDotfiles: fields.hideDotfiles ?? d.hideDotfiles,
    dateFormat: fields.dateFormat ?? d.dateFormat,
  });
  checkLocale(user.locale);
  checkRules(user.rules);
  if (await ctx.users.findByUsername(username)) throw conflict("This username is already taken");
  await ctx.makeScopeFolder(user.scope);
  try {
    return await ctx.users.insert(user, input.id === undefined ? {} : { id: input.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("This username is already taken");
    throw err;
  }
}
