import {
  HOOK_KEYS,
  SettingsPutSchema,
  type ProgramsState,
  type SettingsAnswer,
  type SettingsBody,
} from "@scriptorium/shared";
import { badRequest } from "../../errors.js";
import { goBody } from "../../lib/go-body.js";
import { checkSettings, checkSupportFolders, cleanLoginTexts } from "./settings-checks.js";
import { defaultSettings } from "./settings.defaults.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import { upgradeToolSettings, type SettingsStore } from "./settings.store.js";

/** The top-level keys whose values differ between two objects: what the activity log names. */
export function changedKeys(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

/**
 * GET and PUT /api/settings: what File Browser exposes of the global settings (API.md §8.4);
 * GET adds how programs run here (`programs`, read-only) when the app tells it. The routes are
 * for administrators only (their contracts say `admin`); the command line calls it too.
 */
export function createSettingsService(
  store: SettingsStore,
  programs?: () => Promise<ProgramsState>,
  activity?: ActivityRecorder,
) {
  return {
    async get(): Promise<SettingsAnswer> {
      const settings = await store.getSettings();
      const defaults = defaultSettings();
      const state = await programs?.();
      return {
        ...settings,
        ...(state && {
          programs: { mode: state.mode, ...(state.reason && { reason: state.reason }) },
        }),
        userHomeBasePath: settings.userHomeBasePath || defaults.userHomeBasePath,
        tus:
          settings.tus.chunkSize === 0 && settings.tus.retryCount === 0
            ? defaults.tus
            : settings.tus,
      };
    },

    /**
     * Replaces every field, normalised; an absent one takes Go's zero value, as File Browser
     * reads its body. Invalid rules or locale are 400 and change nothing.
     */
    async replace(sent: SettingsBody): Promise<void> {
      const body = goBody(SettingsPutSchema, sent);
      const { locale, color, files, reportUrl, userHomeBasePath } = checkSettings(body);
      const stored = await store.getSettings();
      // Without `branding.login` (File Browser's clients and scripts) the stored texts stay.
      const login = body.branding.login
        ? cleanLoginTexts(body.branding.login)
        : stored.branding.login;
      const sentTools = body.tools;
      // Without `supportFolders` (an older client, an export from before issue 30) the stored
      // ones stay, and a list without the PDF pipelines gains them as a stored one would.
      const tools = sentTools
        ? sentTools.supportFolders
          ? { ...sentTools, supportFolders: checkSupportFolders(sentTools.supportFolders) }
          : { ...upgradeToolSettings(sentTools), supportFolders: stored.tools.supportFolders }
        : stored.tools;
      const names = tools.tools.map((t) => t.name);
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice) throw badRequest(`Two tools are named ${twice}`);
      // File Browser's keys always; unzip's and the tools' (`before_mauro:m2hv`) when given.
      const extra = Object.keys(body.commands).filter((k) =>
        /^(before|after)_(unzip|mauro:[a-z0-9][a-z0-9_-]{0,31})$/.test(k),
      );
      const commands = Object.fromEntries(
        [...HOOK_KEYS, ...extra].map((k) => [k, body.commands[k] ?? []]),
      );
      const next = {
        ...body,
        userHomeBasePath,
        branding: { ...body.branding, color, files, reportUrl, ...(login && { login }) },
        defaults: { ...body.defaults, locale },
        // File Browser's form can send "1.5M": the size in bytes is rounded.
        tus: { chunkSize: Math.round(body.tus.chunkSize), retryCount: body.tus.retryCount },
        commands,
        tools,
        trash: body.trash ?? stored.trash,
        versions: body.versions ?? stored.versions,
        activity: body.activity ?? stored.activity,
        webdav: body.webdav ?? stored.webdav,
      };
      await store.setSettings(next);
      const changed = changedKeys(stored, next);
      if (changed.length > 0) {
        await activity?.record({ action: "settings", detail: `settings: ${changed.join(", ")}` });
      }
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
