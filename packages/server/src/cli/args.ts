import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { Type, type Static, type TObject, type TSchema } from "typebox";
import { Value } from "typebox/value";

/**
 * A command-line mistake: printed as one line, exit code 2. `command` (e.g. "users add", "" for
 * the server itself) adds a pointer to that command's --help.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/**
 * What help shows for a flag; kept in the flag's schema options next to its type. (A type alias,
 * not an interface, so that it fits TypeBox's index-signed options.)
 */
export type FlagInfo = {
  description: string;
  short?: string;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** Placeholder of the value in help, e.g. "DIR" (booleans take none). */
  arg?: string;
};

/** Flag schemas: each is optional, and carries its help in its schema options. */
export const Flag = {
  string: (info: FlagInfo) => Type.Optional(Type.String(info)),
  boolean: (info: FlagInfo) => Type.Optional(Type.Boolean(info)),
  integer: (info: FlagInfo, range: { minimum?: number; maximum?: number } = {}) =>
    Type.Optional(Type.Integer({ ...range, ...info })),
  oneOf: <const T extends string[]>(values: readonly [...T], info: FlagInfo) =>
    Type.Optional(Type.Enum(values, info)),
  /** A string that must pass `check`; `error` names what was expected. */
  checked: (info: FlagInfo, check: (value: string) => boolean, error: (value: string) => string) =>
    Type.Optional(Type.Refine(Type.String(info), check, error)),
};

export const HELP_FLAG = { help: Flag.boolean({ short: "h", description: "show this help" }) };

function text(schema: TSchema, key: string): string | undefined {
  const value: unknown = Reflect.get(schema, key);
  return typeof value === "string" && value !== "" ? value : undefined;
}

function numberOption(schema: TSchema, key: string): number | undefined {
  const value: unknown = Reflect.get(schema, key);
  return typeof value === "number" ? value : undefined;
}

/** The help of a flag schema made by `Flag`. */
export function flagInfo(schema: TSchema): FlagInfo {
  return {
    description: text(schema, "description") ?? "",
    short: text(schema, "short"),
    env: text(schema, "env"),
    arg: text(schema, "arg"),
  };
}

/** How help writes the value a flag takes: "" for booleans. */
export function flagArgument(schema: TSchema): string {
  if (Type.IsBoolean(schema)) return "";
  if (Type.IsEnum(schema)) {
    return schema.enum.map((v) => (/^[\w.-]+$/.test(String(v)) ? v : `'${v}'`)).join("|");
  }
  return flagInfo(schema).arg ?? (Type.IsInteger(schema) ? "N" : "TEXT");
}

/** The sentence after "flag --x" when `value` does not fit `schema`. */
function expectation(schema: TSchema, value: unknown): string {
  if (Type.IsBoolean(schema)) return "expects true or false";
  if (Type.IsEnum(schema)) {
    return `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  if (Type.IsInteger(schema)) {
    const min = numberOption(schema, "minimum");
    const max = numberOption(schema, "maximum");
    if (typeof value !== "number") return "expects a whole number";
    if (min !== undefined && max !== undefined) return `must be between ${min} and ${max}`;
    if (min !== undefined) return `must be at least ${min}`;
    if (max !== undefined) return `must be at most ${max}`;
  }
  const first = Value.Errors(schema, value)[0];
  return first?.message ?? "is not valid";
}

/**
 * Turns the text of a flag into its value and checks it against the flag's schema. TypeBox's own
 * conversion is laxer than a command line should be ("1.5" would become 1), so booleans and whole
 * numbers are recognised here first; the schema then has the last word.
 */
function flagValue(schema: TSchema, raw: string, source: string): unknown {
  let value: unknown = raw;
  if (Type.IsBoolean(schema)) {
    if (/^(true|1|yes)$/i.test(raw)) value = true;
    else if (/^(false|0|no)$/i.test(raw)) value = false;
  } else if (Type.IsInteger(schema) && /^\d+$/.test(raw)) {
    value = Value.Convert(schema, raw);
  }
  if (!Value.Check(schema, value)) {
    throw new UsageError(`${source} ${expectation(schema, value)}, got "${raw}"`);
  }
  return value;
}

/**
 * Parses `--name value`, `--name=value`, `-x value` and bare boolean flags (`--flag=false` too)
 * with node:util's parseArgs, and checks every value against the flag's schema. Unknown flags and
 * missing values are UsageErrors naming the flag. Environment variables fill absent flags.
 */
export function parseCommandLine<T extends TObject>(
  argv: readonly string[],
  schema: T,
  env: NodeJS.ProcessEnv,
  command: string,
): { values: Static<T>; positionals: string[] } {
  try {
    return parse(argv, schema, env);
  } catch (err) {
    throw err instanceof UsageError ? new UsageError(err.message, command) : err;
  }
}

function parse<T extends TObject>(
  argv: readonly string[],
  schema: T,
  env: NodeJS.ProcessEnv,
): { values: Static<T>; positionals: string[] } {
  const flags = Object.entries(schema.properties);
  const options: ParseArgsOptionsConfig = {};
  for (const [name, flag] of flags) {
    const short = flagInfo(flag).short;
    options[name] = { type: Type.IsBoolean(flag) ? "boolean" : "string", ...(short && { short }) };
  }
  // strict: false lets booleans take "=false"; unknown flags and missing values are caught below.
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    const flag = schema.properties[token.name];
    if (!flag) throw new UsageError(`unknown flag ${token.rawName}`);
    const label = `flag --${token.name}`;
    const isBoolean = Type.IsBoolean(flag);
    if (token.value === undefined && !isBoolean) throw new UsageError(`${label} needs a value`);
    values[token.name] = flagValue(flag, token.value ?? "true", label);
  }
  for (const [name, flag] of flags) {
    const variable = flagInfo(flag).env;
    const fromEnv = variable ? env[variable] : undefined;
    if (values[name] === undefined && variable && fromEnv) {
      values[name] = flagValue(flag, fromEnv, `environment variable ${variable}`);
    }
  }
  if (!Value.Check(schema, values)) {
    const first = Value.Errors(schema, values)[0];
    throw new UsageError(`flag --${first?.instancePath.slice(1) ?? "?"}: ${first?.message ?? ""}`);
  }
  return { values, positionals };
}
