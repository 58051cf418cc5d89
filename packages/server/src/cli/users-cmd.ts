import path from "node:path";
import { SERVE_DEFAULTS } from "../config.js";
import { openDatabase, type Db } from "../db/database.js";
import { AppError } from "../errors.js";
import { createSessionsStore } from "../features/auth/sessions.store.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersService, toApiUser } from "../features/users/users.service.js";
import { createUsersStore, type UserRecord } from "../features/users/users.store.js";
import { hashPassword } from "../lib/passwords.js";
import { helpText, parseFlags, UsageError, type FlagSpec } from "./args.js";
import { DATABASE_FLAG, USER_FLAGS, userFieldsFromFlags } from "./flags.js";

const USAGE =
  "scriptorium users add NAME PASSWORD [flags] | ls | find ID|NAME | update ID|NAME [flags] | rm ID|NAME  [-d DATABASE]";
const SPECS: FlagSpec[] = [
  DATABASE_FLAG,
  {
    name: "root",
    short: "r",
    type: "string",
    env: "SCRIPTORIUM_ROOT",
    description: "files folder, for home folders (default ./data/files)",
  },
  { name: "lockPassword", type: "boolean", description: "the user cannot change the password" },
  { name: "password", type: "string", description: "new password (update)" },
  { name: "username", type: "string", description: "new username (update)" },
  ...USER_FLAGS,
  { name: "help", short: "h", type: "boolean", description: "show this help" },
];

function row(u: UserRecord): string {
  const perms = Object.entries(u.perm)
    .filter(([, on]) => on)
    .map(([p]) => p)
    .join(",");
  return `${String(u.id).padEnd(5)} ${u.username.padEnd(20)} ${u.scope.padEnd(20)} ${u.locale.padEnd(6)} ${perms}`;
}

async function findUser(db: Db, ref: string | undefined): Promise<UserRecord> {
  if (!ref) throw new UsageError("a user ID or NAME is needed");
  const store = createUsersStore(db);
  const user = /^\d+$/.test(ref)
    ? await store.findById(Number(ref))
    : await store.findByUsername(ref);
  if (!user) throw new UsageError(`no user "${ref}"`);
  return user;
}

/** `scriptorium users …`: manage accounts without the web interface. */
export async function usersCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseFlags(rest, SPECS, env);
  if (values.help || sub === undefined) {
    out(helpText(USAGE, SPECS));
    return;
  }
  if (!["add", "ls", "find", "update", "rm"].includes(sub)) {
    throw new UsageError(`unknown users command "${sub}"`);
  }
  const expected = { add: 2, ls: 0, find: 1, update: 1, rm: 1 }[sub] ?? 0;
  if (positionals.length !== expected) {
    throw new UsageError(`users ${sub} expects ${expected} argument(s), got ${positionals.length}`);
  }
  const file = path.resolve((values.database as string | undefined) ?? SERVE_DEFAULTS.database);
  const root = path.resolve((values.root as string | undefined) ?? SERVE_DEFAULTS.root);
  const db = await openDatabase(file);
  try {
    const settings = createSettingsStore(db);
    if (!(await settings.isInitialised())) await settings.setSettings(await settings.getSettings());
    const users = createUsersStore(db);
    const sessions = createSessionsStore(db);
    const service = createUsersService({ users, sessions, settings, root });
    const defaults = (await settings.getSettings()).defaults;

    if (sub === "add") {
      const [username = "", password = ""] = positionals;
      const fields = userFieldsFromFlags(values, defaults);
      const user = await service.create({ username, password, fields });
      out(row(user));
    } else if (sub === "ls") {
      out(
        [
          "ID    Username             Scope                Locale Permissions",
          ...(await users.list()).map(row),
        ].join("\n"),
      );
    } else if (sub === "find") {
      out(JSON.stringify(toApiUser(await findUser(db, positionals[0]), true), null, 2));
    } else if (sub === "update") {
      const user = await findUser(db, positionals[0]);
      const fields = userFieldsFromFlags(values, user);
      const next: UserRecord = { ...user, ...fields };
      if (values.username !== undefined) next.username = String(values.username).trim();
      if (values.password !== undefined)
        next.passwordHash = await hashPassword(String(values.password));
      const saved = await users.update(next);
      if (values.password !== undefined) await sessions.revokeAllOf(user.id);
      out(row(saved));
    } else {
      const user = await findUser(db, positionals[0]);
      if (user.perm.admin && (await users.countAdmins()) <= 1) {
        throw new UsageError("the last administrator cannot be removed");
      }
      await users.remove(user.id);
      out(`removed user ${user.id} (${user.username})`);
    }
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}
