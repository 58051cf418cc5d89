import { allPermissions, hasControlCharacters, isLocale, type Perm } from "@scriptorium/shared";
import { badRequest } from "../../errors.js";
import { isBcryptHash } from "../../lib/passwords.js";
import type { UsersStore } from "./users.store.js";

/*
 * The rules every way of making or changing a user follows: the API, the `users` commands, the
 * users import and the File Browser import. Each throws a 400 AppError naming the problem.
 */

const MAX_USERNAME = 100;

/** A username as stored: trimmed and NFC; 400 when empty, too long or with control characters. */
export function cleanUsername(raw: string): string {
  const name = raw.normalize("NFC").trim();
  if (!name) throw badRequest("The username must not be empty");
  if ([...name].length > MAX_USERNAME) {
    throw badRequest(`The username must be at most ${MAX_USERNAME} characters long`);
  }
  // U+FFFD stands for bytes that were not UTF-8: a name nobody could type again.
  if (hasControlCharacters(name) || name.includes("\ufffd")) {
    throw badRequest("The username must not contain control characters");
  }
  return name;
}

/** A scope as stored: trimmed, "." when empty; 400 with control characters (NUL included). */
export function cleanScope(raw: string): string {
  if (hasControlCharacters(raw)) throw badRequest("The scope must not contain control characters");
  return raw.trim() || ".";
}

export function checkLocale(locale: string): void {
  if (!isLocale(locale)) throw badRequest(`Unknown locale: ${JSON.stringify(locale)}`);
}

const ARGON2ID = /^\$argon2id\$/;

/** A password hash brought in as it is (imports): Argon2id, or File Browser's bcrypt. */
export function checkPasswordHash(hash: string): void {
  if (!isBcryptHash(hash) && !ARGON2ID.test(hash)) {
    throw badRequest("The password hash is not an Argon2id or bcrypt hash");
  }
}

/** An administrator has every permission, whatever was asked (API.md §8.3). */
export function permWithAdminRule(perm: Perm): Perm {
  return perm.admin ? allPermissions() : perm;
}

/**
 * An administrator has every permission and can always change their password (API.md §8.3):
 * the stored user says so whatever was asked.
 */
export function withAdminRule<T extends { perm: Perm; lockPassword: boolean }>(user: T): T {
  return user.perm.admin ? { ...user, perm: allPermissions(), lockPassword: false } : user;
}

/**
 * The last administrator stays one: refuses a change (or deletion, `after` undefined) that
 * would leave the users without an administrator.
 */
export async function keepAnAdministrator(
  users: UsersStore,
  before: { perm: Perm },
  after: { perm: Perm } | undefined,
): Promise<void> {
  if (!before.perm.admin || after?.perm.admin) return;
  if ((await users.countAdmins()) > 1) return;
  throw badRequest(
    after
      ? "The last administrator cannot lose the admin permission"
      : "The last administrator cannot be deleted",
  );
}
