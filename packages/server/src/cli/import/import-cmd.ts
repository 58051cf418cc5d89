import { existsSync } from "node:fs";
import path from "node:path";
import { Type } from "typebox";
import { SERVE_DEFAULTS } from "../../config.js";
import { openDatabase, type Db } from "../../db/database.js";
import { AppError } from "../../errors.js";
import { Flag, HELP_FLAG, UsageError } from "../args.js";
import { defineCommand, type CommandGroup } from "../command.js";
import { DATABASE_FLAG } from "../flags.js";
import { applyPlan, missingFolders } from "./apply.js";
import { readFbConfig, readFbShares, readFbUsers } from "./fb-records.js";
import { planImport, type FbExport, type ImportPlan } from "./plan.js";
import { formatPlan } from "./report.js";

const FilebrowserFlags = Type.Object({
  users: Flag.string({ arg: "FILE", description: 'what "filebrowser users export" wrote' }),
  config: Flag.string({ arg: "FILE", description: 'what "filebrowser config export" wrote' }),
  shares: Flag.string({
    arg: "FILE",
    description: "a JSON list of File Browser's share records (needs --users)",
  }),
  root: Flag.string({
    short: "r",
    env: "SCRIPTORIUM_ROOT",
    arg: "DIR",
    description: "files folder, where missing scope folders are made (default ./data/files)",
  }),
  ...DATABASE_FLAG,
  "dry-run": Flag.boolean({ description: "print the plan and write nothing" }),
  ...HELP_FLAG,
});

function readExports(values: { users?: string; config?: string; shares?: string }): FbExport {
  if (values.users === undefined && values.config === undefined) {
    throw new UsageError(
      "import filebrowser needs --users FILE or --config FILE",
      "import filebrowser",
    );
  }
  if (values.shares !== undefined && values.users === undefined) {
    throw new UsageError("--shares needs --users: a link belongs to a user", "import filebrowser");
  }
  try {
    return {
      ...(values.users !== undefined && { users: readFbUsers(values.users) }),
      ...(values.config !== undefined && { config: readFbConfig(values.config) }),
      ...(values.shares !== undefined && { shares: readFbShares(values.shares) }),
    };
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`nothing was imported: ${err.message}`);
    throw err;
  }
}

const ROLLBACK = new Error("dry run");

/** Plans in a transaction that is always rolled back: looking up links may purge expired ones. */
async function planWithoutWriting(db: Db, fb: FbExport): Promise<ImportPlan> {
  let plan: ImportPlan | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      plan = await planImport(trx, fb);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  if (!plan) throw new Error("the plan was not made");
  return plan;
}

const filebrowser = defineCommand({
  name: "import filebrowser",
  summary:
    "Moves users, settings and share links in from File Browser 2.x's JSON exports, in one " +
    "transaction, and prints what it imported, skipped and could not map.",
  flags: FilebrowserFlags,
  examples: [
    "scriptorium import filebrowser --users users.json --config config.json --dry-run",
    "scriptorium import filebrowser --users users.json --config config.json --shares shares.json -d data/scriptorium.db -r /srv",
  ],
  footer: [
    "First export File Browser's database with its own commands (stop File Browser first):",
    "  filebrowser -d filebrowser.db users export users.json",
    "  filebrowser -d filebrowser.db config export config.json",
    "",
    "Passwords keep working: File Browser's bcrypt hashes are kept and replaced by Argon2id at each",
    "user's next login. Users whose name exists already (in any letter case) are skipped; new users",
    "keep File Browser's id where it is free here. Name sorting is flipped to mean the same order.",
    "File Browser's database file (BoltDB) cannot be read directly, as no maintained reader for it",
    "exists on npm: hence the exports above. File Browser has no command",
    "that exports share links: --shares takes a JSON list of its stored records, each",
    '{"hash", "path", "userID", "expire", "password_hash", "token"}.',
  ].join("\n"),
  run: async (values, _args, { out }) => {
    // Read and check every file before the database is opened (or created).
    const fb = readExports(values);
    const file = path.resolve(values.database ?? SERVE_DEFAULTS.database);
    const dryRun = values["dry-run"] === true;
    const root = path.resolve(values.root ?? SERVE_DEFAULTS.root);
    // A dry run against a database that does not exist yet must not create it.
    const db = await openDatabase(dryRun && !existsSync(file) ? ":memory:" : file);
    try {
      if (dryRun) {
        const plan = await planWithoutWriting(db, fb);
        out(formatPlan(plan, { dryRun, folders: missingFolders(plan, root) }));
        return;
      }
      const plan = await planImport(db, fb);
      const result = await applyPlan(db, plan, root);
      out(formatPlan(plan, { dryRun, folders: result.folders, result }));
    } catch (err) {
      if (err instanceof AppError) throw new UsageError(`nothing was imported: ${err.message}`);
      throw err;
    } finally {
      await db.destroy();
    }
  },
});

/** `scriptorium import …`: moving in from another file manager. */
export const importGroup: CommandGroup = {
  name: "import",
  summary: "Moves users, settings and links in from another installation.",
  commands: [filebrowser],
  examples: ["scriptorium import filebrowser --users users.json --config config.json --dry-run"],
};
