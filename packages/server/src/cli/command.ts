import type { Static, TObject } from "typebox";
import { flagArgument, flagInfo, parseCommandLine, UsageError } from "./args.js";

/** What a command gets besides its flags. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
}

/** One command of `scriptorium`, e.g. `users add`: its help, its flags and what it does. */
export interface CommandSpec<T extends TObject> {
  /** The words after `scriptorium`, e.g. "users add"; "" for the server itself. */
  name: string;
  /** Names of the positional arguments, e.g. ["NAME", "PASSWORD"]; "[NAME]" is optional. */
  args?: string[];
  summary: string;
  /** A second usage line, e.g. for the commands under the top level. */
  otherUsage?: string;
  /** Commands listed in the help (the top level lists the groups). */
  commands?: { name: string; summary: string }[];
  flags: T;
  examples: string[];
  footer?: string;
  run: (values: Static<T>, args: string[], io: CommandIo) => Promise<void>;
}

export interface Command {
  name: string;
  summary: string;
  help: () => string;
  /** Parses `argv` (the words after the command's name) and runs it, or prints its help. */
  execute: (argv: readonly string[], io: CommandIo) => Promise<void>;
  /** A command one level below (`users app-password add`), for `scriptorium help`. */
  subcommand?: (word: string) => Command | undefined;
}

/** A group of commands under one word, e.g. `users`. */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: Command[];
  examples: string[];
}

/** True when argv asks for help (`-h` or `--help` before any `--`). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === "-h" || a === "--help");
}

function flagLines(flags: TObject): string[] {
  const rows = Object.entries(flags.properties).map(([name, schema]) => {
    const info = flagInfo(schema);
    const arg = flagArgument(schema);
    const left = `${info.short ? `-${info.short}, ` : "    "}--${name}${arg ? ` ${arg}` : ""}`;
    return { left, right: `${info.description}${info.env ? ` [${info.env}]` : ""}` };
  });
  const width = Math.min(30, Math.max(...rows.map(({ left }) => left.length)));
  return rows.map(({ left, right }) =>
    left.length > width
      ? `  ${left}\n  ${"".padEnd(width)}  ${right}`
      : `  ${left.padEnd(width)}  ${right}`,
  );
}

function commandLines(commands: readonly { name: string; summary: string }[]): string[] {
  const width = Math.max(0, ...commands.map((c) => c.name.length));
  return commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
}

function section(title: string, lines: string[]): string[] {
  return lines.length > 0 ? ["", `${title}:`, ...lines] : [];
}

const isOptional = (arg: string) => arg.startsWith("[");

function argumentMistake(invocation: string, expected: string[], got: string[]): string {
  const extra = got[expected.length];
  if (extra === undefined) return `${invocation} needs ${expected.join(" ")}`;
  if (expected.length === 0) return `${invocation} takes no arguments, got "${extra}"`;
  return `${invocation} takes only ${expected.join(" ")}, got also "${extra}"`;
}

export function defineCommand<T extends TObject>(spec: CommandSpec<T>): Command {
  const invocation = ["scriptorium", spec.name].filter(Boolean).join(" ");
  const help = () =>
    [
      `Usage: ${[invocation, ...(spec.args ?? [])].join(" ")} [flags]`,
      ...(spec.otherUsage ? [`       ${spec.otherUsage}`] : []),
      "",
      spec.summary,
      ...section("Commands", commandLines(spec.commands ?? [])),
      ...section("Flags", flagLines(spec.flags)),
      ...section(
        spec.examples.length > 1 ? "Examples" : "Example",
        spec.examples.map((e) => `  ${e}`),
      ),
      ...(spec.footer ? ["", spec.footer] : []),
    ].join("\n");
  return {
    name: spec.name,
    summary: spec.summary,
    help,
    async execute(argv, io) {
      if (wantsHelp(argv)) {
        io.out(help());
        return;
      }
      const { values, positionals } = parseCommandLine(argv, spec.flags, io.env, spec.name);
      const expected = spec.args ?? [];
      const required = expected.filter((arg) => !isOptional(arg)).length;
      if (positionals.length < required || positionals.length > expected.length) {
        throw new UsageError(argumentMistake(invocation, expected, positionals), spec.name);
      }
      await spec.run(values, positionals, io);
    },
  };
}

const subName = (group: CommandGroup, command: Command) =>
  command.name.slice(group.name.length + 1);

export function groupHelp(group: CommandGroup): string {
  return [
    `Usage: scriptorium ${group.name} COMMAND [flags]`,
    "",
    group.summary,
    ...section(
      "Commands",
      commandLines(group.commands.map((c) => ({ name: subName(group, c), summary: c.summary }))),
    ),
    "",
    "Flags:",
    "  -h, --help  show this help",
    ...section(
      "Examples",
      group.examples.map((e) => `  ${e}`),
    ),
    "",
    `Run "scriptorium ${group.name} COMMAND --help" for the flags of each command.`,
  ].join("\n");
}

/** Runs `scriptorium GROUP SUBCOMMAND …`; the group's help when no subcommand or -h is given. */
export async function runGroup(
  group: CommandGroup,
  argv: readonly string[],
  io: CommandIo,
): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "-h" || sub === "--help" || sub === "help") {
    io.out(groupHelp(group));
    return;
  }
  const command = group.commands.find((c) => c.name === `${group.name} ${sub}`);
  if (!command) {
    const names = group.commands.map((c) => subName(group, c)).join(", ");
    throw new UsageError(`unknown ${group.name} command "${sub}" (one of ${names})`, group.name);
  }
  await command.execute(rest, io);
}
