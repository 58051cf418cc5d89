/** A command-line mistake: printed as one line, exit code 2. */
export class UsageError extends Error {}

export type FlagType = "string" | "boolean" | "int";
export interface FlagSpec {
  name: string;
  type: FlagType;
  short?: string;
  /** Environment variable read when the flag is absent. */
  env?: string;
  description: string;
}

export type FlagValues = Record<string, string | boolean | number>;

function convert(spec: FlagSpec, raw: string, source: string): string | boolean | number {
  if (spec.type === "boolean") {
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    throw new UsageError(`${source} expects true or false, got "${raw}"`);
  }
  if (spec.type === "int") {
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      throw new UsageError(`${source} expects a whole number, got "${raw}"`);
    }
    return Number(raw);
  }
  return raw;
}

/**
 * Parses `--name value`, `--name=value`, `-x value` and bare boolean flags; unknown flags and
 * missing values are UsageErrors naming the flag. Environment variables fill absent flags.
 */
export function parseFlags(
  argv: readonly string[],
  specs: readonly FlagSpec[],
  env: NodeJS.ProcessEnv = {},
): { values: FlagValues; positionals: string[] } {
  const values: FlagValues = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith("--");
    const body = arg.slice(long ? 2 : 1);
    const eq = body.indexOf("=");
    const key = eq >= 0 ? body.slice(0, eq) : body;
    const spec = specs.find((s) => (long ? s.name === key : s.short === key));
    if (!spec) throw new UsageError(`unknown flag ${long ? "--" : "-"}${key}`);
    const label = `--${spec.name}`;
    let raw: string | undefined = eq >= 0 ? body.slice(eq + 1) : undefined;
    if (raw === undefined) {
      if (spec.type === "boolean") raw = "true";
      else {
        const next = argv[i + 1];
        if (next === undefined) throw new UsageError(`flag ${label} needs a value`);
        raw = next;
        i++;
      }
    }
    values[spec.name] = convert(spec, raw, `flag ${label}`);
  }
  for (const spec of specs) {
    const fromEnv = spec.env ? env[spec.env] : undefined;
    if (values[spec.name] === undefined && fromEnv !== undefined && fromEnv !== "") {
      values[spec.name] = convert(spec, fromEnv, `environment variable ${spec.env}`);
    }
  }
  return { values, positionals };
}

export function helpText(usage: string, specs: readonly FlagSpec[]): string {
  const lines = specs.map((s) => {
    const flag = `${s.short ? `-${s.short}, ` : "    "}--${s.name}${s.type === "boolean" ? "" : ` <${s.type}>`}`;
    return `  ${flag.padEnd(38)} ${s.description}${s.env ? ` [${s.env}]` : ""}`;
  });
  return [`Usage: ${usage}`, "", "Flags:", ...lines].join("\n");
}
