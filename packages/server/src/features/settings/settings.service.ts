import {
  HOOK_KEYS,
  type ProgramsState,
  type SettingsAnswer,
  type SettingsBody,
} from "@scriptorium/shared";
import { badRequest, forbidden } from "../../errors.js";
import { checkSettings } from "./settings-checks.js";
import { defaultSettings } from "./settings.defaults.js";
import type { SettingsStore } from "./settings.store.js";

/** Who asks: only the admin permission matters here (settings never import the users feature). */
interface Actor {
  perm: { admin: boolean };
}

function requireAdmin(user: Actor): void {
  if (!user.perm.admin) throw forbidden("Only administrators manage global settings");
}

/**
 * GET and PUT /api/settings: what File Browser exposes of the global settings (API.md §8.4);
 * GET adds how programs run here (`programs`, read-only) when the app tells it.
 */
export function createSettingsService(
  store: SettingsStore,
  programs?: () => Promise<ProgramsState>,
) {
  return {
    async get(user: Actor): Promise<SettingsAnswer> {
      requireAdmin(user);
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

    /** Replaces every field, normalised; invalid rules or locale are 400 and change nothing. */
    async replace(user: Actor, body: SettingsBody): Promise<void> {
      requireAdmin(user);
      const { locale, color, files, reportUrl, userHomeBasePath } = checkSettings(body);
      const tools = body.tools ?? (await store.getSettings()).tools;
      const names = tools.tools.map((t) => t.name);
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice) throw badRequest(`Two tools are named ${twice}`);
      // File Browser's keys always; unzip's and the tools' (`before_mauro:m2hv`) when given.
      const extra = Object.keys(body.commands).filter((k) =>
        /^(before|after)_(unzip|mauro:[a-z0-9_]{1,32})$/.test(k),
      );
      const commands = Object.fromEntries(
        [...HOOK_KEYS, ...extra].map((k) => [k, body.commands[k] ?? []]),
      );
      await store.setSettings({
        ...body,
        userHomeBasePath,
        branding: { ...body.branding, color, files, reportUrl },
        defaults: { ...body.defaults, locale },
        // File Browser's form can send "1.5M": the size in bytes is rounded.
        tus: { chunkSize: Math.round(body.tus.chunkSize), retryCount: body.tus.retryCount },
        commands,
        tools,
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
