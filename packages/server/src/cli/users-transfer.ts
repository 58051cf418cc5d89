import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Type, type Static } from "typebox";
import { Value } from "typebox/value";
import { allPermissions, isLocale, UserSchema } from "@scriptorium/shared";
import { SERVE_DEFAULTS } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../errors.js";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { checkRules } from "../features/settings/settings-checks.js";
import { cleanUsername } from "../features/users/users.service.js";
import {
  createUsersStore,
  usernameKey,
  type NewUser,
  type UserRecord,
} from "../features/users/users.store.js";
import { isBcryptHash } from "../lib/passwords.js";
import { scopeRoot } from "../lib/safe-path.js";
import { createScopeFolder } from "../storage/scope-folder.js";
import { UsageError } from "./args.js";

/** A copy of `value` without `key`. */
function omit<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

const USER_FIELDS = omit(UserSchema.properties, "password");

/** One user as `users export` writes it: the API's user, with the stored password hash. */
export const ExportedUserSchema = Type.Object({
  ...USER_FIELDS,
  id: Type.Optional(Type.Integer()),
  passwordHash: Type.String(),
});
export type ExportedUser = Static<typeof ExportedUserSchema>;
const ExportFileSchema = Type.Array(ExportedUserSchema);

/** Every user with their hash, by id (what `users export FILE` writes, mode 0600). */
export async function exportUsers(db: Db, file: string): Promise<number> {
  const users = await createUsersStore(db).list();
  const out: ExportedUser[] = users.map(({ updatedAt: _updatedAt, ...user }) => user);
  writeFileSync(file, JSON.stringify(out, null, 2) + "\n", { mode: 0o600 });
  return out.length;
}

function readExportFile(file: string): ExportedUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!Value.Check(ExportFileSchema, parsed)) {
    const first = Value.Errors(ExportFileSchema, parsed)[0];
    throw new UsageError(
      `${file} is not a list of users as "users export" writes it: ${first?.instancePath ?? ""} ${first?.message ?? ""}`,
    );
  }
  return parsed;
}

const ARGON2ID = /^\$argon2id\$/;

/** Checks one user as the API would, except for the password, which is a hash already. */
function checkedUser(u: ExportedUser, where: string): NewUser {
  try {
    const username = cleanUsername(u.username);
    if (!isBcryptHash(u.passwordHash) && !ARGON2ID.test(u.passwordHash)) {
      throw new UsageError("passwordHash is not an Argon2id or bcrypt hash");
    }
    if (!isLocale(u.locale)) throw new UsageError(`unknown locale ${JSON.stringify(u.locale)}`);
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(u.scope))
      throw new UsageError("the scope has control characters");
    checkRules(u.rules);
    return {
      ...omit(u, "id"),
      username,
      scope: u.scope.trim() || ".",
      perm: u.perm.admin ? allPermissions() : u.perm,
      lockPassword: u.perm.admin ? false : u.lockPassword,
    };
  } catch (err) {
    if (err instanceof AppError || err instanceof UsageError) {
      throw new UsageError(`${where}: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Reads FILE and adds its users in one transaction; nothing is written when any user is refused.
 * A name that exists already is refused, unless `replace`: then that user takes the file's
 * fields and hash, keeps their id, and their sessions end. The last administrator is kept.
 */
export async function importUsers(
  db: Db,
  file: string,
  opts: { replace: boolean; root: string },
): Promise<{ added: UserRecord[]; replaced: UserRecord[] }> {
  const list = readExportFile(file);
  const seen = new Set<string>();
  const users = list.map((u, i) => {
    const user = checkedUser(u, `${file}: user ${i + 1} (${JSON.stringify(u.username)})`);
    const key = usernameKey(user.username);
    if (seen.has(key)) throw new UsageError(`${file}: "${user.username}" is there twice`);
    seen.add(key);
    return user;
  });
  const result = await db.transaction().execute(async (trx) => {
    const store = createUsersStore(trx);
    const sessions = createSessionsStore(trx);
    const added: UserRecord[] = [];
    const replaced: UserRecord[] = [];
    const taken: string[] = [];
    for (const user of users) {
      const existing = await store.findByUsername(user.username);
      if (existing && !opts.replace) taken.push(existing.username);
      else if (existing) {
        replaced.push(await store.update({ ...existing, ...user, id: existing.id }));
        await sessions.revokeAllOf(existing.id);
      } else added.push(await store.insert(user));
    }
    if (taken.length > 0) {
      throw new UsageError(
        `these users exist already (use --replace to replace them): ${taken.join(", ")}`,
      );
    }
    if ((await store.count()) > 0 && (await store.countAdmins()) === 0) {
      throw new UsageError("the import would leave no administrator");
    }
    return { added, replaced };
  });
  for (const user of result.added) {
    const filesRoot = path.resolve(opts.root || SERVE_DEFAULTS.root);
    await createScopeFolder(filesRoot, scopeRoot(filesRoot, user.scope));
  }
  return result;
}
