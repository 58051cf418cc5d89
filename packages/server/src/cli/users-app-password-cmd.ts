import { Type } from "typebox";
import type { AppPassword } from "@scriptorium/shared";
import type { Db } from "../db/database.js";
import { createAppPasswordsService } from "../features/app-passwords/app-passwords.service.js";
import { createAppPasswordsStore } from "../features/app-passwords/app-passwords.store.js";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import { defineCommand, groupHelp, runGroup, type Command, type CommandGroup } from "./command.js";
import { DATABASE_FLAG } from "./flags.js";
import { findUser, withUsers } from "./users-db.js";

const service = (db: Db) => createAppPasswordsService({ store: createAppPasswordsStore(db) });

const AddFlags = Type.Object({
  ...DATABASE_FLAG,
  "read-only": Flag.boolean({
    description: "the password may read files over WebDAV, never change them",
  }),
  ...HELP_FLAG,
});
const DatabaseFlags = Type.Object({ ...DATABASE_FLAG, ...HELP_FLAG });

const add = defineCommand({
  name: "users app-password add",
  args: ["ID|USER", "NAME"],
  summary:
    "Creates an app password for a WebDAV client and prints it alone (it is shown only this once; " +
    "the server keeps a hash of it).",
  flags: AddFlags,
  examples: [
    "scriptorium users app-password add bob 'TeXstudio on the laptop' -d data/scriptorium.db",
    "PASSWORD=$(scriptorium users app-password add bob rclone --read-only)",
  ],
  run: (values, [ref = "", name = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const user = await findUser(db, ref);
      const created = await service(db).create(user.id, {
        name,
        readOnly: values["read-only"] === true,
      });
      out(created.password);
    }),
});

const when = (iso: string | null) => (iso === null ? "never" : iso.replace(/\.\d+Z$/, "Z"));

function row(p: AppPassword): string {
  const access = p.readOnly ? "read-only" : "read-write";
  return `${String(p.id).padEnd(6)} ${access.padEnd(10)} ${when(p.createdAt).padEnd(20)} ${when(p.lastUsedAt).padEnd(20)} ${p.name}`;
}

const ls = defineCommand({
  name: "users app-password ls",
  args: ["ID|USER"],
  summary: "Lists a user's app passwords, newest first: ID, access, created, last used and name.",
  flags: DatabaseFlags,
  examples: ["scriptorium users app-password ls bob -d data/scriptorium.db"],
  run: (values, [ref = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const user = await findUser(db, ref);
      const list = await service(db).list(user.id);
      out(
        [
          `${"ID".padEnd(6)} ${"Access".padEnd(10)} ${"Created".padEnd(20)} ${"Last used".padEnd(20)} Name`,
          ...list.map(row),
        ].join("\n"),
      );
    }),
});

const rm = defineCommand({
  name: "users app-password rm",
  args: ["ID|USER", "ID"],
  summary: "Revokes one of a user's app passwords; its WebDAV client is refused at once.",
  flags: DatabaseFlags,
  examples: ["scriptorium users app-password rm bob 3 -d data/scriptorium.db"],
  run: (values, [ref = "", id = ""], { out }) =>
    withUsers(values.database, async (db) => {
      const user = await findUser(db, ref);
      if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`"${id}" is not an app password id`);
      await service(db).remove(user.id, Number(id));
      out(`revoked app password ${id} of ${user.username}`);
    }),
});

const group: CommandGroup = {
  name: "users app-password",
  summary: "Creates, lists and revokes the app passwords WebDAV clients log in with.",
  commands: [add, ls, rm],
  examples: [
    "scriptorium users app-password add bob TeXstudio -d data/scriptorium.db",
    "scriptorium users app-password ls bob",
    "scriptorium users app-password rm bob 3",
  ],
};

/** `scriptorium users app-password add|ls|rm`: a group of its own under `users`. */
export const appPasswordCommand: Command = {
  name: group.name,
  summary: group.summary,
  help: () => groupHelp(group),
  execute: (argv, io) => runGroup(group, argv, io),
  subcommand: (word) => group.commands.find((c) => c.name === `${group.name} ${word}`),
};
