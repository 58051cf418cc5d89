import { parseDuration, type ServerSettings, type ServerSettingsBody } from "@scriptorium/shared";
import { badRequest } from "../../errors.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import { changedKeys } from "./settings.service.js";
import type { SettingsStore } from "./settings.store.js";

const MIN_TOKEN_MS = 5 * 60_000;
const MAX_TOKEN_MS = 30 * 24 * 3_600_000;

/**
 * GET and PUT /api/settings/server: the server configuration that the command line sets,
 * shown to admins (never the reCAPTCHA secret), of which only the safe part can change here.
 */
export function createServerSettingsService(
  store: SettingsStore,
  version: string,
  activity?: ActivityRecorder,
) {
  return {
    async get(): Promise<ServerSettings> {
      const c = await store.getServerConfig();
      return {
        authMethod: c.authMethod,
        authHeader: c.authHeader,
        recaptchaHost: c.recaptcha.host,
        recaptchaKey: c.recaptcha.key,
        recaptchaSecretSet: c.recaptcha.secret !== "",
        enableExec: c.enableExec,
        tokenExpirationTime: c.tokenExpirationTime,
        minimumPasswordLength: c.minimumPasswordLength,
        enableThumbnails: c.enableThumbnails,
        resizePreview: c.resizePreview,
        version,
      };
    },

    async update(body: ServerSettingsBody): Promise<void> {
      const lifetime = parseDuration(body.tokenExpirationTime);
      if (lifetime === undefined) {
        throw badRequest(
          `The token lifetime must be a duration such as "2h" or "90m", not ${JSON.stringify(body.tokenExpirationTime)}`,
        );
      }
      if (lifetime < MIN_TOKEN_MS || lifetime > MAX_TOKEN_MS) {
        throw badRequest("The token lifetime must be between 5 minutes and 30 days (720h)");
      }
      const current = await store.getServerConfig();
      const next = {
        ...current,
        tokenExpirationTime: body.tokenExpirationTime.trim(),
        minimumPasswordLength: body.minimumPasswordLength,
        enableThumbnails: body.enableThumbnails,
        resizePreview: body.resizePreview,
      };
      await store.setServerConfig(next);
      const changed = changedKeys(current, next);
      if (changed.length > 0) {
        await activity?.record({ action: "settings", detail: `server: ${changed.join(", ")}` });
      }
    },
  };
}

export type ServerSettingsService = ReturnType<typeof createServerSettingsService>;
