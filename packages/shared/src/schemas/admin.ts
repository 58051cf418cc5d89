import { Type, type Static } from "typebox";
import { goBodySchema } from "./go-zero.js";
import { RuleSchema } from "./user.js";

/** One login of a user as its owner (or an admin) sees it; never the session's secret id. */
export const SessionInfoSchema = Type.Object({
  /** A handle for ending this session: a digest of the session id, not the id itself. */
  id: Type.String(),
  /** "Firefox on Linux": read from the User-Agent of the login, "" when unknown. */
  device: Type.String(),
  /** The parts of `device`, for a client to say them in its language (issue 31). */
  browser: Type.Optional(Type.String()),
  system: Type.Optional(Type.String()),
  userAgent: Type.String(),
  /** The address the login came from, "" when unknown. */
  address: Type.String(),
  /** ISO 8601 times. */
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  expiresAt: Type.String(),
  /** The session making this request. */
  current: Type.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfoSchema>;
export const SessionListSchema = Type.Array(SessionInfoSchema);

export const SessionIdParamsSchema = Type.Object({ sid: Type.String({ maxLength: 64 }) });

/** What ending sessions did. */
export const SessionsEndedSchema = Type.Object({ ended: Type.Integer() });
export type SessionsEnded = Static<typeof SessionsEndedSchema>;

/** POST /api/rules/preview: which entries of a scope a set of rules would hide. */
export const RulesPreviewBodySchema = Type.Object({
  /** The scope to look in (a user's scope, "." or "/" for the whole root). */
  scope: Type.String({ maxLength: 4096 }),
  /** File Browser's rule shape: absent fields have Go's zero values. */
  rules: Type.Array(goBodySchema(RuleSchema), { maxItems: 1000 }),
  /** Apply the global rules before these (a user's rules preview), default true. */
  withGlobal: Type.Optional(Type.Boolean()),
});
export type RulesPreviewBody = Static<typeof RulesPreviewBodySchema>;

export const RULES_PREVIEW_MAX_ENTRIES = 50_000;
export const RULES_PREVIEW_MAX_HIDDEN = 200;

export const RulesPreviewSchema = Type.Object({
  /** Paths (relative to the scope, "/"-rooted) that the rules hide; a hidden folder hides its content, which is not listed. */
  hidden: Type.Array(Type.String()),
  /** How many entries were hidden in all (hidden lists at most RULES_PREVIEW_MAX_HIDDEN). */
  hiddenCount: Type.Integer(),
  /** Entries looked at. */
  checked: Type.Integer(),
  /** True when the walk stopped at RULES_PREVIEW_MAX_ENTRIES. */
  truncated: Type.Boolean(),
});
export type RulesPreview = Static<typeof RulesPreviewSchema>;

/**
 * GET /api/settings/server: what only the command line set before. `authMethod`, its header,
 * reCAPTCHA and `enableExec` are shown read-only (changing them in the browser could lock
 * everyone out or open the shell); the reCAPTCHA secret is never sent.
 */
export const ServerSettingsSchema = Type.Object({
  authMethod: Type.String(),
  authHeader: Type.String(),
  recaptchaHost: Type.String(),
  recaptchaKey: Type.String(),
  recaptchaSecretSet: Type.Boolean(),
  enableExec: Type.Boolean(),
  tokenExpirationTime: Type.String(),
  minimumPasswordLength: Type.Integer(),
  enableThumbnails: Type.Boolean(),
  resizePreview: Type.Boolean(),
  version: Type.String(),
});
export type ServerSettings = Static<typeof ServerSettingsSchema>;

/** Minimum password length the server accepts as a setting. */
export const MIN_PASSWORD_LENGTH_FLOOR = 8;
export const MAX_PASSWORD_LENGTH_SETTING = 128;

/** PUT /api/settings/server: the settings safe to change in the browser. */
export const ServerSettingsBodySchema = Type.Object({
  /** Go duration, e.g. "2h", "90m", "1h30m"; between 5 minutes and 30 days. */
  tokenExpirationTime: Type.String({ maxLength: 32 }),
  minimumPasswordLength: Type.Integer({
    minimum: MIN_PASSWORD_LENGTH_FLOOR,
    maximum: MAX_PASSWORD_LENGTH_SETTING,
  }),
  enableThumbnails: Type.Boolean(),
  resizePreview: Type.Boolean(),
});
export type ServerSettingsBody = Static<typeof ServerSettingsBodySchema>;
