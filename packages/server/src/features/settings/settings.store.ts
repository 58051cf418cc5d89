import { randomBytes } from "node:crypto";
import {
  defaultPipelineTools,
  type Rule,
  type ServerConfig,
  type Settings,
  type ToolSettings,
  type ToolSettingsPut,
} from "@scriptorium/shared";
import type { Db } from "../../db/database.js";
import { createReadCache } from "../../db/read-cache.js";
import { defaultServerConfig, defaultSettings } from "./settings.defaults.js";

/**
 * Tool settings as stored before issue 30 (no `supportFolders`) read as today's: no support
 * folder, and the two PDF pipelines added (unless a tool has their name). A configuration saved
 * since holds `supportFolders`, so the pipelines are added once: an admin who removes them
 * later does not get them back.
 */
export function upgradeToolSettings(tools: ToolSettingsPut): ToolSettings {
  if (tools.supportFolders) return { ...tools, supportFolders: tools.supportFolders };
  const names = new Set(tools.tools.map((t) => t.name));
  return {
    ...tools,
    supportFolders: [],
    tools: [...tools.tools, ...defaultPipelineTools().filter((t) => !names.has(t.name))],
  };
}

const KEYS = { settings: "settings", server: "server", secret: "secret" } as const;

/** All SQL of the `settings` table: global settings, server configuration and the JWT secret. */
export function createSettingsStore(db: Db) {
  let secret: Uint8Array | undefined;
  // Every request reads the global settings (the rules) and most the server configuration:
  // their JSON is kept until the database changes, and parsed afresh for each caller.
  const cached = createReadCache<string>(db, 8);
  async function readJson(key: string): Promise<string | undefined> {
    return cached(key, async () => {
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", key)
        .executeTakeFirst();
      return row?.value;
    });
  }
  async function read<T>(key: string): Promise<T | undefined> {
    const json = await readJson(key);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }
  let rules: { json: string | undefined; value: readonly Rule[] } | undefined;

  async function write(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await db
      .insertInto("settings")
      .values({ key, value: json })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
      .execute();
  }

  return {
    /** Global settings, merged over the defaults so a missing key never breaks a reader. */
    async getSettings(): Promise<Settings> {
      const stored = await read<Partial<Settings>>(KEYS.settings);
      const base = defaultSettings();
      if (!stored) return base;
      const merged = { ...base, ...stored };
      // Settings stored before a branding field existed (the login texts) read its default.
      const branding = { ...base.branding, ...stored.branding };
      return { ...merged, branding, tools: upgradeToolSettings(merged.tools) };
    },
    setSettings: (settings: Settings) => write(KEYS.settings, settings),

    /** The global rules alone, as every request needs them: one frozen copy per stored value. */
    async getRules(): Promise<readonly Rule[]> {
      const json = await readJson(KEYS.settings);
      if (!rules || rules.json !== json) {
        const stored = json === undefined ? undefined : (JSON.parse(json) as Partial<Settings>);
        const list = stored?.rules ?? defaultSettings().rules;
        const value = Object.freeze(
          list.map((rule) => Object.freeze({ ...rule, regexp: Object.freeze({ ...rule.regexp }) })),
        );
        rules = { json, value };
      }
      return rules.value;
    },

    async getServerConfig(): Promise<ServerConfig> {
      const stored = await read<Partial<ServerConfig>>(KEYS.server);
      const base = defaultServerConfig();
      return stored ? { ...base, ...stored } : base;
    },
    setServerConfig: (config: ServerConfig) => write(KEYS.server, config),

    /**
     * The per-install HS256 key: 64 random bytes made on first use, then kept in memory (it
     * never changes; every authenticated request needs it).
     */
    async getSecret(): Promise<Uint8Array> {
      if (secret) return secret;
      const stored = await read<string>(KEYS.secret);
      if (stored) return (secret = Buffer.from(stored, "base64"));
      const made = randomBytes(64);
      await write(KEYS.secret, made.toString("base64"));
      return (secret = made);
    },

    /** True once `config init` or a first start has written the settings. */
    async isInitialised(): Promise<boolean> {
      return (await read(KEYS.settings)) !== undefined;
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
