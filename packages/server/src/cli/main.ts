import { Type } from "typebox";
import { startServer, StartupError } from "../server.js";
import { VERSION } from "../version.js";
import { commitAddonMemoryOnDemand } from "../lib/addon-memory.js";
import { HELP_FLAG, UsageError } from "./args.js";
import {
  defineCommand,
  groupHelp,
  runGroup,
  wantsHelp,
  type Command,
  type CommandGroup,
} from "./command.js";
import { backupCommand } from "./backup-cmd.js";
import { checkCommand, runCheck } from "./check-cmd.js";
import { migrateCommand } from "./migrate-cmd.js";
import { restoreCommand } from "./restore-cmd.js";
import { configGroup } from "./config-cmd.js";
import { importGroup } from "./import/import-cmd.js";
import { rulesGroup } from "./rules-cmd.js";
import { ServeFlags, serveOptions } from "./serve.js";
import { usersGroup } from "./users-cmd.js";

const GROUPS: CommandGroup[] = [configGroup, usersGroup, rulesGroup, importGroup];

const versionCommand = defineCommand({
  name: "version",
  summary: "Prints the version of Scriptorium.",
  flags: Type.Object(HELP_FLAG),
  examples: ["scriptorium version"],
  run: (_values, _args, { out }) => {
    out(`scriptorium ${VERSION}`);
    return Promise.resolve();
  },
});

/** Commands of one word with no subcommand. */
const SINGLE_COMMANDS: Command[] = [backupCommand, restoreCommand, migrateCommand];

const TOP_COMMANDS = [
  ...GROUPS.map((g) => ({ name: g.name, summary: g.summary })),
  { name: checkCommand.name, summary: "Checks Mauro-TeX sources as the edition's compilers do." },
  { name: "backup", summary: "Saves the database and the server's own folders into a folder." },
  { name: "restore", summary: 'Restores what "scriptorium backup" saved.' },
  { name: "migrate", summary: "Copies a SQLite installation's database into PostgreSQL." },
  { name: versionCommand.name, summary: versionCommand.summary },
  { name: "help", summary: 'Prints the help of a command, e.g. "scriptorium help users add".' },
];

/** `scriptorium [flags]`: the server itself, and the help of the whole command. */
const serveCommand = defineCommand({
  name: "",
  summary:
    "Serves the folder ROOT and the web app; creates the database and the first administrator " +
    "on the first start.",
  otherUsage: "scriptorium COMMAND [SUBCOMMAND] [ARGUMENTS] [flags]",
  commands: TOP_COMMANDS,
  flags: ServeFlags,
  examples: [
    "scriptorium -r /srv/edition -d /srv/scriptorium.db -p 8080",
    "SCRIPTORIUM_BASEURL=/edition scriptorium -a 0.0.0.0",
    "scriptorium help users add",
  ],
  footer: 'Run "scriptorium COMMAND --help" for the help of a command.',
  run: async (values) => {
    await startServer(serveOptions(values));
  },
});

/** The help that `scriptorium help WORDS…` asks for. */
function helpOf(words: readonly string[]): string {
  const [first, second, third] = words.filter((w) => w !== "-h" && w !== "--help");
  if (first === undefined) return serveCommand.help();
  if (first === "version") return versionCommand.help();
  if (first === "check") return checkCommand.help();
  const single = SINGLE_COMMANDS.find((c) => c.name === first);
  if (single) return single.help();
  const group = GROUPS.find((g) => g.name === first);
  if (!group) throw new UsageError(`no command "${first}"`, "");
  if (second === undefined) return groupHelp(group);
  const command: Command | undefined = group.commands.find((c) => c.name === `${first} ${second}`);
  if (!command) throw new UsageError(`no command "${first} ${second}"`, first);
  if (third === undefined) return command.help();
  const sub = command.subcommand?.(third);
  if (!sub) throw new UsageError(`no command "${first} ${second} ${third}"`, first);
  return sub.help();
}

export interface MainIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const STDIO: MainIo = {
  out: (text) => process.stdout.write(text + "\n"),
  err: (text) => process.stderr.write(text + "\n"),
};

/** Runs the `scriptorium` command; resolves with the exit code (undefined while serving). */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  { out, err }: MainIo = STDIO,
): Promise<number | undefined> {
  // Databases, their WAL files and folders the command creates are private to its user.
  process.umask(0o077);
  commitAddonMemoryOnDemand();
  try {
    const [first = "", ...rest] = argv;
    const group = GROUPS.find((g) => g.name === first);
    if (group) await runGroup(group, rest, { env, out });
    else if (first === "version") await versionCommand.execute(rest, { env, out });
    else if (first === "check") return await runCheck(rest, { env, out, err });
    else if (SINGLE_COMMANDS.some((c) => c.name === first)) {
      await SINGLE_COMMANDS.find((c) => c.name === first)?.execute(rest, { env, out });
    } else if (first === "help") out(helpOf(rest));
    else if (first !== "" && !first.startsWith("-")) {
      const names = TOP_COMMANDS.map((c) => c.name).join(", ");
      throw new UsageError(`unknown command "${first}" (one of ${names})`, "");
    } else {
      await serveCommand.execute(argv, { env, out });
      return wantsHelp(argv) ? 0 : undefined;
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      const hint =
        error.command === undefined
          ? ""
          : `; see "scriptorium ${error.command ? `${error.command} ` : ""}--help"`;
      err(`scriptorium: ${error.message}${hint}`);
      return 2;
    }
    if (error instanceof StartupError) {
      err(`scriptorium: ${error.message}`);
      return error.exitCode;
    }
    err(`scriptorium: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}
