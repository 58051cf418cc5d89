import path from "node:path";
import { Type } from "typebox";
import { SERVE_DEFAULTS } from "../config.js";
import type { Db } from "../db/database.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createSharesStore } from "../features/shares/shares.store.js";
import { toApiUser, type UserChanges } from "../features/users/users.service.js";
import { createUsersStore, type UserRecord } from "../features/users/users.store.js";
import { createCore } from "../services.js";
import { Flag, HELP_FLAG } from "./args.js";
import { defineCommand, type CommandGroup } from "./command.js";
import { DATABASE_FLAG, USER_FLAGS, userFieldsFromFlags } from "./flags.js";
import { appPasswordCommand } from "./users-app-password-cmd.js";
import { findUser, withUsers } from "./users-db.js";
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
const RemoveFlags = Type.Object({ ...DATABASE_FLAG, ...ROOT_FLAG, ...HELP_FLAG });

/**
 * The users service as the server builds it (the same wiring as the app's): the commands
 * change and delete users through the same rules and steps as the API.
 */
function usersService(db: Db, root: string | undefined, database?: string) {
  // The trash beside the database, as the server keeps it: a removed user's goes with them.
  const trashDir = database && path.join(path.dirname(path.resolve(database)), "trash");
  const versionsDir = database && path.join(path.dirname(path.resolve(database)), "versions");
  return createCore({
    db,
    root: path.resolve(root ?? SERVE_DEFAULTS.root),
    trashDir,
    versionsDir,
  }).usersService;
}

function row(u: UserRecord): string {
  const perms = Object.entries(u.perm)
    .filter(([, on]) => on)
    .map(([p]) => p)
    .join(",");
  return `${String(u.id).padEnd(5)} ${u.username.padEnd(20)} ${u.scope.padEnd(20)} ${u.locale.padEnd(6)} ${perms}`;
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
      const defaults = (await createSettingsStore(db).getSettings()).defaults;
      const fields = userFieldsFromFlags(values, defaults);
      out(row(await usersService(db, values.root).create({ username, password, fields })));
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
      const user = await findUser(db, ref);
      // The checks of PUT /api/users/{id} (API.md Part A §14); a new password ends the sessions.
      const changes: UserChanges = userFieldsFromFlags(values, user);
      if (values.username !== undefined) changes.username = values.username;
      if (values.password !== undefined) changes.password = values.password;
      out(row(await usersService(db, values.root).change(user.id, changes)));
    }),
});

const rm = defineCommand({
  name: "users rm",
  args: ["ID|NAME"],
  summary:
    "Removes a user (never the last administrator), ending their sessions, dropping their uploads in progress and deleting their share links.",
  flags: RemoveFlags,
  examples: ["scriptorium users rm bob -d data/scriptorium.db -r data/files"],
  run: (values, [ref = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const user = await findUser(db, ref);
      const links = (await createSharesStore(db).list(user.id)).length;
      // As DELETE /api/users/{id}: sessions end, uploads in progress go, links with the user.
      const database = values.database ?? SERVE_DEFAULTS.database;
      const { sessionsEnded } = await usersService(db, values.root, database).delete(user.id);
      out(
        `removed user ${user.id} (${user.username}): ${sessionsEnded} session(s) ended, ${links} share link(s) deleted`,
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
  commands: [add, ls, find, update, rm, exportCommand, importCommand, appPasswordCommand],
  examples: [
    "scriptorium users ls -d data/scriptorium.db",
    "scriptorium users add --help",
    "scriptorium users app-password add bob TeXstudio --read-only",
  ],
};
