import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Value } from "typebox/value";
import { ConfigExportSchema, type ConfigExport } from "@scriptorium/shared";
import { openDatabase } from "../db/database.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { SERVE_DEFAULTS } from "../config.js";
import { helpText, parseFlags, UsageError } from "./args.js";
import { applySettingsFlags, DATABASE_FLAG, SETTINGS_FLAGS } from "./flags.js";

const USAGE = "scriptorium config init|cat|set|export FILE|import FILE [-d DATABASE] [flags]";
const SPECS = [
  DATABASE_FLAG,
  ...SETTINGS_FLAGS,
  { name: "help", short: "h", type: "boolean" as const, description: "show this help" },
];

/** `scriptorium config …`: global settings and server configuration in the database. */
export async function configCommand(
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
  if (!["init", "cat", "set", "export", "import"].includes(sub)) {
    throw new UsageError(`unknown config command "${sub}"`);
  }
  const needsFile = sub === "export" || sub === "import";
  if (needsFile && positionals.length !== 1) throw new UsageError(`config ${sub} needs one FILE`);
  if (!needsFile && positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const file = path.resolve((values.database as string | undefined) ?? SERVE_DEFAULTS.database);
  const flagsGiven = Object.keys(values).some((k) => k !== "database");
  if ((sub === "cat" || sub === "export" || sub === "import") && flagsGiven) {
    throw new UsageError(`config ${sub} takes no settings flags`);
  }

  // Validate the import before touching (and maybe creating) the database.
  let imported: ConfigExport | undefined;
  if (sub === "import") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(positionals[0] ?? "", "utf8"));
    } catch (err) {
      throw new UsageError(`cannot read ${positionals[0]}: ${(err as Error).message}`);
    }
    if (!Value.Check(ConfigExportSchema, parsed)) {
      const first = [...Value.Errors(ConfigExportSchema, parsed)][0];
      throw new UsageError(
        `${positionals[0]} is not a Scriptorium configuration: ${first?.instancePath ?? ""} ${first?.message ?? ""}`,
      );
    }
    imported = parsed;
  }

  const db = await openDatabase(file);
  try {
    const store = createSettingsStore(db);
    if (sub === "init" && (await store.isInitialised())) {
      throw new UsageError(`${file} is already initialised; use "config set"`);
    }
    const current = { settings: await store.getSettings(), server: await store.getServerConfig() };
    if (sub === "init" || sub === "set") {
      const next = applySettingsFlags(values, current.settings, current.server);
      await store.setSettings(next.settings);
      await store.setServerConfig(next.server);
      await store.getSecret();
      out(JSON.stringify(next, null, 2));
    } else if (sub === "cat") {
      out(JSON.stringify(current, null, 2));
    } else if (sub === "export") {
      writeFileSync(positionals[0] ?? "", JSON.stringify(current, null, 2) + "\n", { mode: 0o600 });
    } else if (imported) {
      await store.setSettings(imported.settings);
      await store.setServerConfig(imported.server);
    }
  } finally {
    await db.destroy();
  }
}
