import { writeFileSync } from "node:fs";
import { Type, type Static } from "typebox";
import { Value } from "typebox/value";
import {
  ConfigExportSchema,
  ServerSettingsBodySchema,
  ToolSettingsPutSchema,
  type ConfigExport,
  type ServerConfig,
  type Settings,
} from "@scriptorium/shared";
import { openDatabase } from "../db/database.js";
import { databaseLocation } from "../db/engine.js";
import { AppError } from "../errors.js";
import { createServerSettingsService } from "../features/settings/server-settings.service.js";
import { createSettingsService } from "../features/settings/settings.service.js";
import { createSettingsStore, type SettingsStore } from "../features/settings/settings.store.js";
import { SERVE_DEFAULTS } from "../config.js";
import { VERSION } from "../version.js";
import { HELP_FLAG, UsageError } from "./args.js";
import { defineCommand, type CommandGroup } from "./command.js";
import { applySettingsFlags, DATABASE_FLAG, SETTINGS_FLAGS } from "./flags.js";
import { readJsonFile } from "./json-file.js";

const DatabaseFlags = Type.Object({ ...DATABASE_FLAG, ...HELP_FLAG });

/**
 * What `config import` reads: an export, also one written before issue 30 (tools without
 * `supportFolders`: the stored ones are kept, and the PDF pipelines added, as PUT does).
 */
const ConfigImportSchema = Type.Object({
  settings: Type.Object({
    ...ConfigExportSchema.properties.settings.properties,
    tools: ToolSettingsPutSchema,
  }),
  server: ConfigExportSchema.properties.server,
});
type ImportedSettings = Static<typeof ConfigImportSchema>["settings"];
const SettingsFlags = Type.Object({ ...DATABASE_FLAG, ...SETTINGS_FLAGS, ...HELP_FLAG });

async function withSettings<T>(
  database: string | undefined,
  use: (store: SettingsStore, file: string) => Promise<T>,
): Promise<T> {
  const file = databaseLocation(database ?? SERVE_DEFAULTS.database);
  const db = await openDatabase(file);
  try {
    // One transaction: a value the checks refuse leaves the database as it was.
    return await db.transaction().execute((trx) => use(createSettingsStore(trx), file));
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}

/**
 * Stores settings and server configuration through the checks of PUT /api/settings and
 * PUT /api/settings/server (rules, locale, colour, branding folder, home base path, token
 * lifetime, password length), so the command line cannot store what the API would refuse.
 */
async function saveChecked(
  store: SettingsStore,
  settings: Settings | ImportedSettings,
  server: ServerConfig,
) {
  if (server.authMethod === "proxy" && server.authHeader.trim() === "") {
    throw new UsageError("the proxy login needs a header (--auth.header)");
  }
  const safe = {
    tokenExpirationTime: server.tokenExpirationTime,
    minimumPasswordLength: server.minimumPasswordLength,
    enableThumbnails: server.enableThumbnails,
    resizePreview: server.resizePreview,
  };
  if (!Value.Check(ServerSettingsBodySchema, safe)) {
    const first = Value.Errors(ServerSettingsBodySchema, safe)[0];
    throw new UsageError(`${first?.instancePath.slice(1) ?? "server"} ${first?.message ?? ""}`);
  }
  await createSettingsService(store).replace(settings);
  await createServerSettingsService(store, VERSION).update(safe);
  const checked = await store.getServerConfig();
  await store.setServerConfig({
    ...checked,
    authMethod: server.authMethod,
    authHeader: server.authHeader,
    recaptcha: server.recaptcha,
    enableExec: server.enableExec,
  });
}

async function current(store: SettingsStore): Promise<ConfigExport> {
  return { settings: await store.getSettings(), server: await store.getServerConfig() };
}

/** Applies the settings flags, stores the result (and the signing secret), and returns it as JSON. */
async function applyAndSave(
  values: Static<typeof SettingsFlags>,
  store: SettingsStore,
): Promise<string> {
  const { settings, server } = await current(store);
  const next = applySettingsFlags(values, settings, server);
  await saveChecked(store, next.settings, next.server);
  await store.getSecret();
  return JSON.stringify(await current(store), null, 2);
}

const init = defineCommand({
  name: "config init",
  summary:
    "Creates the database (if missing) with default settings changed by the flags, and prints them.",
  flags: SettingsFlags,
  examples: [
    "scriptorium config init -d data/scriptorium.db --signup --branding.name 'Edizione Maurolico'",
  ],
  run: (values, _args, { out }) =>
    withSettings(values.database, async (store, file) => {
      if (await store.isInitialised()) {
        throw new UsageError(`${file} is already initialised; use "config set"`);
      }
      out(await applyAndSave(values, store));
    }),
});

const set = defineCommand({
  name: "config set",
  summary:
    "Changes the settings named by the flags (checked as the API checks them), and prints them all.",
  flags: SettingsFlags,
  examples: [
    "scriptorium config set -d data/scriptorium.db --auth.method proxy --auth.header X-Remote-User",
    "scriptorium config set --perm.share=false --locale it",
  ],
  run: (values, _args, { out }) =>
    withSettings(values.database, async (store) => {
      out(await applyAndSave(values, store));
    }),
});

const cat = defineCommand({
  name: "config cat",
  summary: "Prints the settings and the server configuration as JSON.",
  flags: DatabaseFlags,
  examples: ["scriptorium config cat -d data/scriptorium.db"],
  run: (values, _args, { out }) =>
    withSettings(values.database, async (store) => {
      out(JSON.stringify(await current(store), null, 2));
    }),
});

const exportCommand = defineCommand({
  name: "config export",
  args: ["FILE"],
  summary: "Writes the settings and the server configuration to FILE (JSON, mode 0600).",
  flags: DatabaseFlags,
  examples: ["scriptorium config export settings.json -d data/scriptorium.db"],
  run: (values, [file = ""]) =>
    withSettings(values.database, async (store) => {
      writeFileSync(file, JSON.stringify(await current(store), null, 2) + "\n", { mode: 0o600 });
    }),
});

const importCommand = defineCommand({
  name: "config import",
  args: ["FILE"],
  summary:
    "Replaces the settings and the server configuration with those in FILE, checked as the API checks them.",
  flags: DatabaseFlags,
  examples: ["scriptorium config import settings.json -d data/scriptorium.db"],
  run: async (values, [file = ""]) => {
    // Check the file before touching (and maybe creating) the database.
    const imported = readJsonFile(file, ConfigImportSchema, "a Scriptorium configuration");
    await withSettings(values.database, async (store) => {
      await saveChecked(store, imported.settings, imported.server);
      await store.getSecret();
    });
  },
});

/** `scriptorium config …`: global settings and server configuration in the database. */
export const configGroup: CommandGroup = {
  name: "config",
  summary: "Reads and changes the global settings and the server configuration in the database.",
  commands: [init, set, cat, exportCommand, importCommand],
  examples: [
    "scriptorium config init -d data/scriptorium.db --signup",
    "scriptorium config set --help",
  ],
};
