import path from "node:path";
import { Type, type Static } from "typebox";
import type { Rule } from "@scriptorium/shared";
import { SERVE_DEFAULTS } from "../config.js";
import { openDatabase, type Db } from "../db/database.js";
import { databaseLocation } from "../db/engine.js";
import { AppError } from "../errors.js";
import { createSettingsService } from "../features/settings/settings.service.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersStore, type UserRecord } from "../features/users/users.store.js";
import { createCore } from "../services.js";
import { Flag, HELP_FLAG, UsageError } from "./args.js";
import { defineCommand, type CommandGroup } from "./command.js";
import { DATABASE_FLAG } from "./flags.js";

/** Whose rules: the global ones, or one user's (by name or id, as File Browser's flags say). */
const OWNER_FLAGS = {
  ...DATABASE_FLAG,
  username: Flag.string({ short: "u", arg: "NAME", description: "the rules of this user" }),
  id: Flag.integer(
    { short: "i", description: "the rules of the user with this id" },
    { minimum: 1 },
  ),
};
type Owner = Static<typeof OwnerFlags>;
const OwnerFlags = Type.Object({ ...OWNER_FLAGS, ...HELP_FLAG });

/** The rules of a user or the global ones, read and written through the API's services. */
interface RuleList {
  title: string;
  rules: readonly Rule[];
  /** Saves the list with the checks of PUT /api/users/{id} or PUT /api/settings. */
  save(rules: Rule[]): Promise<void>;
}

async function userOf(db: Db, owner: Owner): Promise<UserRecord | undefined> {
  if (owner.id !== undefined && owner.username !== undefined) {
    throw new UsageError("give --username or --id, not both");
  }
  const store = createUsersStore(db);
  const user =
    owner.id !== undefined
      ? await store.findById(owner.id)
      : owner.username !== undefined
        ? await store.findByUsername(owner.username)
        : undefined;
  if (!user && (owner.id !== undefined || owner.username !== undefined)) {
    throw new UsageError(`no user ${owner.id ?? JSON.stringify(owner.username)}`);
  }
  return user;
}

async function ruleList(db: Db, owner: Owner): Promise<RuleList> {
  const user = await userOf(db, owner);
  if (user) {
    const root = path.resolve(SERVE_DEFAULTS.root);
    const users = createCore({ db, root }).usersService;
    return {
      title: `Rules of user ${user.username} (id ${user.id})`,
      rules: user.rules,
      save: async (rules) => void (await users.change(user.id, { rules })),
    };
  }
  const store = createSettingsStore(db);
  const settings = await store.getSettings();
  return {
    title: "Global rules (before each user's own)",
    rules: settings.rules,
    save: (rules) => createSettingsService(store).replace({ ...settings, rules }),
  };
}

/** One line a rule, by the index `rules rm` takes (from 0, as File Browser counts). */
function listing(title: string, rules: readonly Rule[]): string {
  const lines = rules.map((rule, i) => {
    const what = rule.regex ? `regex ${rule.regexp.raw}` : `path  ${rule.path}`;
    return `(${i}) ${rule.allow ? "allow" : "deny "} ${what}`;
  });
  return [`${title}:`, ...(lines.length > 0 ? lines : ["(none)"])].join("\n");
}

/** Opens the database for one rules command; the services' 400s become usage errors. */
async function withRules(
  owner: Owner,
  use: (list: RuleList) => Promise<Rule[] | undefined>,
): Promise<string> {
  const db = await openDatabase(databaseLocation(owner.database ?? SERVE_DEFAULTS.database));
  try {
    const list = await ruleList(db, owner);
    const next = await use(list);
    if (next) await list.save(next);
    return listing(list.title, next ?? list.rules);
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}

const OWNER_NOTE =
  "Without --username or --id the command works on the global rules, which apply before each user's own.";

const ls = defineCommand({
  name: "rules ls",
  summary: "Lists the global rules, or a user's; the number in brackets is what rules rm takes.",
  flags: OwnerFlags,
  examples: ["scriptorium rules ls -d data/scriptorium.db", "scriptorium rules ls --username bob"],
  footer: OWNER_NOTE,
  run: async (values, _args, { out }) =>
    out(await withRules(values, () => Promise.resolve(undefined))),
});

const AddFlags = Type.Object({
  ...OWNER_FLAGS,
  allow: Flag.boolean({ short: "a", description: "an allow rule (default: deny)" }),
  regex: Flag.boolean({ short: "r", description: "a regular expression (RE2) instead of a path" }),
  ...HELP_FLAG,
});

const add = defineCommand({
  name: "rules add",
  args: ["PATH|EXPRESSION"],
  summary:
    "Adds a rule at the end (the last rule that matches wins), checked as the API checks it: " +
    'a path starts with "/", an expression must compile.',
  flags: AddFlags,
  examples: [
    "scriptorium rules add /private -d data/scriptorium.db",
    "scriptorium rules add --regex '\\.bak$' --username bob",
    "scriptorium rules add --allow /private/public --id 2",
  ],
  footer: OWNER_NOTE,
  run: async (values, [pattern = ""], { out }) => {
    const regex = values.regex === true;
    const rule: Rule = {
      allow: values.allow === true,
      path: regex ? "" : pattern,
      regex,
      regexp: { raw: regex ? pattern : "" },
    };
    out(await withRules(values, (list) => Promise.resolve([...list.rules, rule])));
  },
});

const RmFlags = Type.Object({
  ...OWNER_FLAGS,
  index: Flag.integer({ description: "the rule to remove (instead of INDEX)" }, { minimum: 0 }),
  ...HELP_FLAG,
});

/** The indexes INDEX [INDEX_END] (or --index) name, checked against the list. */
function removal(index: number | undefined, args: string[], count: number): [number, number] {
  const words = index === undefined ? args : [String(index), ...args];
  if (words.length === 0 || words.length > 2)
    throw new UsageError("rules rm needs INDEX [INDEX_END]", "rules rm");
  const [first, last] = words.map((w) => {
    if (!/^\d+$/.test(w)) throw new UsageError(`"${w}" is not a rule index (0, 1, …)`, "rules rm");
    return Number(w);
  }) as [number, number | undefined];
  const end = last ?? first;
  if (end < first) throw new UsageError(`INDEX_END ${end} comes before INDEX ${first}`, "rules rm");
  if (end >= count) throw new UsageError(`there is no rule ${end}: the list has ${count}`);
  return [first, end];
}

const rm = defineCommand({
  name: "rules rm",
  args: ["[INDEX]", "[INDEX_END]"],
  summary:
    "Removes the rule INDEX (as rules ls numbers them), or INDEX to INDEX_END included; the " +
    "rules after it move up.",
  flags: RmFlags,
  examples: [
    "scriptorium rules rm 0 -d data/scriptorium.db",
    "scriptorium rules rm 1 3 --username bob",
    "scriptorium rules rm --index 2",
  ],
  footer: OWNER_NOTE,
  run: async (values, args, { out }) => {
    const text = await withRules(values, (list) => {
      const [first, end] = removal(values.index, args, list.rules.length);
      return Promise.resolve(list.rules.filter((_, i) => i < first || i > end));
    });
    out(text);
  },
});

/** `scriptorium rules …`: File Browser's command for allow and deny rules. */
export const rulesGroup: CommandGroup = {
  name: "rules",
  summary: "Lists, adds and removes the rules that hide paths, globally or for one user.",
  commands: [ls, add, rm],
  examples: [
    "scriptorium rules ls -d data/scriptorium.db",
    "scriptorium rules add /private --username bob",
  ],
};
