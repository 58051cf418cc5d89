import { conflict } from "../../errors.js";
import { checkRules } from "../settings/settings-checks.js";
import type { UserWriteContext } from "./user-create.js";
import {
  checkLocale,
  checkPasswordHash,
  cleanScope,
  cleanUsername,
  keepAnAdministrator,
  withAdminRule,
} from "./user-rules.js";
import type { NewUser, UserRecord } from "./users.store.js";

/**
 * What may change about a user. `password` is a new password (minimum length, then hashed);
 * `passwordHash` a stored hash brought in by an import, kept as it is.
 */
export type UserChanges = Partial<Omit<NewUser, "passwordHash">> & {
  password?: string;
  passwordHash?: string;
};

/** The changes that are fields of the record as they are (not the password). */
const fieldsOf = ({ password: _password, passwordHash: _hash, ...fields }: UserChanges) => fields;

async function checkedName(ctx: UserWriteContext, target: UserRecord, raw: string) {
  const name = cleanUsername(raw);
  const other = await ctx.users.findByUsername(name);
  if (other && other.id !== target.id) throw conflict("This username is already taken");
  return name;
}

async function newHash(ctx: UserWriteContext, changes: UserChanges): Promise<string | undefined> {
  if (changes.passwordHash !== undefined) {
    checkPasswordHash(changes.passwordHash);
    return changes.passwordHash;
  }
  return changes.password === undefined ? undefined : ctx.passwords.hashNew(changes.password);
}

/**
 * Applies `changes` to `target` with every user rule (name, scope, locale, rules, admin means
 * every permission, the last administrator) and stores the result. Returns the stored user and
 * whether its password changed (the caller ends its sessions).
 */
export async function changeUser(
  ctx: UserWriteContext,
  target: UserRecord,
  changes: UserChanges,
): Promise<{ user: UserRecord; passwordChanged: boolean }> {
  const next: UserRecord = { ...target, ...fieldsOf(changes) };
  if (changes.username !== undefined)
    next.username = await checkedName(ctx, target, changes.username);
  if (changes.scope !== undefined) next.scope = cleanScope(changes.scope);
  if (changes.locale !== undefined) checkLocale(changes.locale);
  if (changes.rules !== undefined) checkRules(changes.rules);
  const hash = await newHash(ctx, changes);
  if (hash !== undefined) next.passwordHash = hash;
  const checked = withAdminRule(next);
  await keepAnAdministrator(ctx.users, target, checked);
  if (changes.scope !== undefined) await ctx.makeScopeFolder(checked.scope);
  return { user: await ctx.users.update(checked), passwordChanged: hash !== undefined };
}
