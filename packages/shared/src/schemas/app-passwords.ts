import { Type, type Static } from "typebox";

/**
 * An app password: a password of its own for one desktop client (WebDAV sends Basic
 * credentials on every request), named, read-only or read-write, revocable. Its secret is shown
 * once, at creation; the server keeps an Argon2id hash.
 */
export const AppPasswordSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  readOnly: Type.Boolean(),
  /** ISO 8601. */
  createdAt: Type.String(),
  /** ISO 8601; null while it was never used. */
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AppPassword = Static<typeof AppPasswordSchema>;

export const AppPasswordListSchema = Type.Array(AppPasswordSchema);

/** The longest name of an app password. */
export const APP_PASSWORD_NAME_MAX = 100;

export const AppPasswordCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: APP_PASSWORD_NAME_MAX }),
    readOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AppPasswordCreate = Static<typeof AppPasswordCreateSchema>;

/** POST /api/app-passwords: the only time the password is shown. */
export const AppPasswordCreatedSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  password: Type.String(),
});
export type AppPasswordCreated = Static<typeof AppPasswordCreatedSchema>;

export const AppPasswordIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
});
export type AppPasswordIdParams = Static<typeof AppPasswordIdParamsSchema>;

/** WebDAV at /dav/ (global settings). */
export const WebdavSettingsSchema = Type.Object({
  /** Whether /dav/ answers at all. */
  enabled: Type.Boolean(),
  /** Whether the account password is accepted over WebDAV (app passwords always are). */
  allowAccountPassword: Type.Boolean(),
  /** Refuse macOS Finder's metadata files (`._*`, `.DS_Store`) on upload. */
  refuseMacMetadata: Type.Boolean(),
});
export type WebdavSettings = Static<typeof WebdavSettingsSchema>;

export const WEBDAV_DEFAULTS: WebdavSettings = {
  enabled: true,
  allowAccountPassword: false,
  refuseMacMetadata: false,
};
