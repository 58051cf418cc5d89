import { rm as removeFile } from "node:fs/promises";
import path from "node:path";
import { Type } from "typebox";
import { allPermissions } from "@scriptorium/shared";
import { SERVE_DEFAULTS } from "../config.js";
import { openDatabase, type Db } from "../db/database.js";
import { AppError } from "../errors.js";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createSharesStore } from "../features/shares/shares.store.js";
import { createUploadsStore } from "../features/tus/uploads.store.js";
import {
  cleanScope,
  cleanUsername,
  createUsersService,
  toApiUser,
} from "../features/users/users.service.js";
import { createUsersStore, type UserRecord } from "../features/users/users.store.js";
import { scopeRoot } from "../lib/safe-path.js";
import { createScopeFolder } from "../storage/scope-folder.js";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import { defineCommand, type CommandGroup } from "./command.js";
import { DATABASE_FLAG, USER_FLAGS, userFieldsFromFlags } from "./flags.js";
import { exportUsers, importUsers } from "./users-transfer.js";

const LOCK_PASSWORD_FLAG = {
  lockPassword: Flag.boolean({ description: "the user cannot change the password" }),
};

const ROOT_FLAG = {
  root: Flag.string({
    short: "r",
    env: "SCRIPTORIUM_ROOT",
    arg: "DIR",
    description: "files folder, where home and scope folders are made (default ./data/files)",
  }),
};

const AddFlags = Type.Object({
  ...DATABASE_FLAG,
  ...ROOT_FLAG,
  ...LOCK_PASSWORD_FLAG,
  ...USER_FLAGS,
  ...HELP_FLAG,
});
const UpdateFlags = Type.Object({
  ...DATABASE_FLAG,
  password: Flag.string({ arg: "PASSWORD", description: "new password (ends their sessions)" }),
  username: Flag.string({ arg: "NAME", description: "new username" }),
  ...ROOT_FLAG,
  ...LOCK_PASSWORD_FLAG,
  ...USER_FLAGS,
  ...HELP_FLAG,
});
const DatabaseFlags = Type.Object({ ...DATABASE_FLAG, ...HELP_FLAG });

function row(u: UserRecord): string {
  const perms = Object.entries(u.perm)
    .filter(([, on]) => on)
    .map(([p]) => p)
    .join(",");
  return `${String(u.id).padEnd(5)} ${u.username.padEnd(20)} ${u.scope.padEnd(20)} ${u.locale.padEnd(6)} ${perms}`;
}

async function findUser(db: Db, ref: string): Promise<UserRecord> {
  const store = createUsersStore(db);
  const user = /^\d+$/.test(ref)
    ? await store.findById(Number(ref))
    : await store.findByUsername(ref);
  if (!user) throw new UsageError(`no user "${ref}"`);
  return user;
}

/** Opens the database (creating it with default settings when missing) for one users command. */
async function withUsers<T>(database: string | undefined, use: (db: Db) => Promise<T>) {
  const db = await openDatabase(path.resolve(database ?? SERVE_DEFAULTS.database));
  try {
    const settings = createSettingsStore(db);
    if (!(await settings.isInitialised())) await settings.setSettings(await settings.getSettings());
    return await use(db);
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}

const add = defineCommand({
  name: "users add",
  args: ["NAME", "PASSWORD"],
  summary: "Adds a user; flags not given take the defaults of the global settings.",
  flags: AddFlags,
  examples: [
    "scriptorium users add bob 'a-long-password' -d data/scriptorium.db --perm.admin --locale it --scope /bob",
  ],
  run: (values, [username = "", password = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const settings = createSettingsStore(db);
      const service = createUsersService({
        users: createUsersStore(db),
        sessions: createSessionsStore(db),
        settings,
        root: path.resolve(values.root ?? SERVE_DEFAULTS.root),
      });
      const fields = userFieldsFromFlags(values, (await settings.getSettings()).defaults);
      out(row(await service.create({ username, password, fields })));
    }),
});

const ls = defineCommand({
  name: "users ls",
  summary: "Lists the users: ID, name, scope, locale and permissions.",
  flags: DatabaseFlags,
  examples: ["scriptorium users ls -d data/scriptorium.db"],
  run: (values, _args, { out }) =>
    withUsers(values.database, async (db) => {
      const users = await createUsersStore(db).list();
      out(
        [
          "ID    Username             Scope                Locale Permissions",
          ...users.map(row),
        ].join("\n"),
      );
    }),
});

const find = defineCommand({
  name: "users find",
  args: ["ID|NAME"],
  summary: "Prints one user as JSON.",
  flags: DatabaseFlags,
  examples: ["scriptorium users find bob -d data/scriptorium.db"],
  run: (values, [ref = ""], { out }) =>
    withUsers(values.database, async (db) => {
      out(JSON.stringify(toApiUser(await findUser(db, ref), true), null, 2));
    }),
});

const update = defineCommand({
  name: "users update",
  args: ["ID|NAME"],
  summary: "Changes what the flags name; a new password ends every session of the user.",
  flags: UpdateFlags,
  examples: [
    "scriptorium users update bob --password 'another-long-password' -d data/scriptorium.db",
    "scriptorium users update 2 --perm.delete=false --viewMode list",
  ],
  run: (values, [ref = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const users = createUsersStore(db);
      const user = await findUser(db, ref);
      const next: UserRecord = { ...user, ...userFieldsFromFlags(values, user) };
      // The checks of PUT /api/users/{id} (API.md Part A §14).
      if (values.username !== undefined) {
        next.username = cleanUsername(values.username);
        const other = await users.findByUsername(next.username);
        if (other && other.id !== user.id) throw new UsageError("This username is already taken");
      }
      if (user.perm.admin && !next.perm.admin && (await users.countAdmins()) <= 1) {
        throw new UsageError("the last administrator cannot lose the admin permission");
      }
      if (next.perm.admin) {
        next.perm = allPermissions();
        next.lockPassword = false;
      }
      next.scope = cleanScope(next.scope);
      // As the API does: a new scope's folder is made under the files folder.
      if (next.scope !== user.scope) {
        const filesRoot = path.resolve(values.root ?? SERVE_DEFAULTS.root);
        await createScopeFolder(filesRoot, scopeRoot(filesRoot, next.scope));
      }
      if (values.password !== undefined) {
        // The same minimum length as sign-up and the API (API.md Part A §5).
        const service = createUsersService({
          users,
          sessions: createSessionsStore(db),
          settings: createSettingsStore(db),
          root: path.resolve(SERVE_DEFAULTS.root),
        });
        next.passwordHash = await service.hashNewPassword(values.password);
      }
      const saved = await users.update(next);
      if (values.password !== undefined) await createSessionsStore(db).revokeAllOf(user.id);
      out(row(saved));
    }),
});

const rm = defineCommand({
  name: "users rm",
  args: ["ID|NAME"],
  summary:
    "Removes a user (never the last administrator), ending their sessions and deleting their share links.",
  flags: DatabaseFlags,
  examples: ["scriptorium users rm bob -d data/scriptorium.db"],
  run: (values, [ref = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const users = createUsersStore(db);
      const user = await findUser(db, ref);
      if (user.perm.admin && (await users.countAdmins()) <= 1) {
        throw new UsageError("the last administrator cannot be removed");
      }
      // As DELETE /api/users/{id}: sessions end, links go, staged upload bytes are dropped.
      const ended = await createSessionsStore(db).revokeAllOf(user.id);
      const links = (await createSharesStore(db).list(user.id)).length;
      for (const upload of await createUploadsStore(db).ofUser(user.id)) {
        await removeFile(upload.temp, { force: true });
      }
      // The database deletes their sessions, links and uploads with them (ON DELETE CASCADE).
      await users.remove(user.id);
      out(
        `removed user ${user.id} (${user.username}): ${ended} session(s) ended, ${links} share link(s) deleted`,
      );
    }),
});

const exportCommand = defineCommand({
  name: "users export",
  args: ["FILE"],
  summary: "Writes every user, with their password hash, to FILE (JSON, mode 0600).",
  flags: DatabaseFlags,
  examples: ["scriptorium users export users.json -d data/scriptorium.db"],
  run: (values, [file = ""], { out }) =>
    withUsers(values.database, async (db) => {
      out(`exported ${await exportUsers(db, file)} user(s) to ${file}`);
    }),
});

const ImportFlags = Type.Object({
  ...DATABASE_FLAG,
  root: AddFlags.properties.root,
  replace: Flag.boolean({
    description: "replace users of the same name (their sessions end) instead of refusing",
  }),
  ...HELP_FLAG,
});

const importCommand = defineCommand({
  name: "users import",
  args: ["FILE"],
  summary:
    'Adds the users of FILE (as "users export" writes it), checked as the API checks them; ' +
    "all or nothing. New users get new ids; the password hashes are kept.",
  flags: ImportFlags,
  examples: [
    "scriptorium users import users.json -d data/scriptorium.db",
    "scriptorium users import users.json --replace",
  ],
  run: (values, [file = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const { added, replaced } = await importUsers(db, file, {
        replace: values.replace === true,
        root: values.root ?? SERVE_DEFAULTS.root,
      });
      out([...added.map(row), ...replaced.map(row)].join("\n"));
      out(`added ${added.length} user(s), replaced ${replaced.length}`);
    }),
});

/** `scriptorium users …`: manage accounts without the web interface. */
export const usersGroup: CommandGroup = {
  name: "users",
  summary: "Manages the user accounts without the web interface.",
  commands: [add, ls, find, update, rm, exportCommand, importCommand],
  examples: ["scriptorium users ls -d data/scriptorium.db", "scriptorium users add --help"],
};
