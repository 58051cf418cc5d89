import { writeFileSync } from "node:fs";
import path from "node:path";
import { Type, type Static } from "typebox";
import { UserSchema } from "@scriptorium/shared";
import { SERVE_DEFAULTS } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError } from "../errors.js";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { cleanUsername } from "../features/users/user-rules.js";
import { createUsersService, type UsersService } from "../features/users/users.service.js";
import { createUsersStore, usernameKey, type UserRecord } from "../features/users/users.store.js";
import { scopeRoot } from "../lib/safe-path.js";
import { createScopeFolder } from "../storage/scope-folder.js";
import { UsageError } from "./args.js";
import { readJsonFile } from "./json-file.js";

const withoutPassword = ({ password: _password, ...rest }: typeof UserSchema.properties) => rest;
const USER_FIELDS = withoutPassword(UserSchema.properties);

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

/** Runs `step` for one user of the file; a refusal names the user. */
async function forUser<T>(where: string, step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError || err instanceof UsageError) {
      throw new UsageError(`${where}: ${err.message}`);
    }
    throw err;
  }
}

interface Entry {
  user: ExportedUser;
  where: string;
}

/** The file's users, each named once (names are unique whatever their case). */
async function entriesOf(file: string): Promise<Entry[]> {
  const list = readJsonFile(file, ExportFileSchema, 'a list of users as "users export" writes it');
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const [i, user] of list.entries()) {
    const where = `${file}: user ${i + 1} (${JSON.stringify(user.username)})`;
    const key = usernameKey(await forUser(where, () => cleanUsername(user.username)));
    if (seen.has(key)) throw new UsageError(`${file}: "${user.username}" is there twice`);
    seen.add(key);
    entries.push({ user, where });
  }
  // Administrators first: the last-administrator rule then judges the file as a whole.
  return entries.sort((a, b) => Number(b.user.perm.admin) - Number(a.user.perm.admin));
}

/** Adds one user of the file, or replaces the one of that name (its sessions end). */
async function importOne(
  service: UsersService,
  existing: UserRecord | undefined,
  { id: _id, username, passwordHash, ...fields }: ExportedUser,
): Promise<UserRecord> {
  if (existing) return service.change(existing.id, { ...fields, username, passwordHash });
  return service.create({ username, passwordHash, fields });
}

/**
 * Reads FILE and adds its users in one transaction, each through the users service (the
 * checks of the API; the password is a hash already); nothing is written when any user is
 * refused. A name that exists already is refused, unless `replace`: then that user takes the
 * file's fields and hash, keeps their id, and their sessions end. The last administrator stays.
 */
export async function importUsers(
  db: Db,
  file: string,
  opts: { replace: boolean; root: string },
): Promise<{ added: UserRecord[]; replaced: UserRecord[] }> {
  const entries = await entriesOf(file);
  const root = path.resolve(opts.root || SERVE_DEFAULTS.root);
  const scopes: string[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const store = createUsersStore(trx);
    const service = createUsersService({
      users: store,
      sessions: createSessionsStore(trx),
      settings: createSettingsStore(trx),
      root,
      // Folders are made once the transaction holds.
      makeScopeFolder: (scope) => Promise.resolve(void scopes.push(scope)),
    });
    const added: UserRecord[] = [];
    const replaced: UserRecord[] = [];
    const taken: string[] = [];
    for (const { user, where } of entries) {
      const existing = await store.findByUsername(user.username);
      if (existing && !opts.replace) taken.push(existing.username);
      else {
        const saved = await forUser(where, () => importOne(service, existing, user));
        (existing ? replaced : added).push(saved);
      }
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
  for (const scope of scopes) await createScopeFolder(root, scopeRoot(root, scope));
  return result;
}
