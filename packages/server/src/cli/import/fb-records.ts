import { Type, type Static, type TObject, type TSchema } from "typebox";
import { PermSchema, RuleSchema } from "@scriptorium/shared";
import { UsageError } from "../args.js";
import { readJsonFile } from "../json-file.js";

/*
 * The records File Browser 2.x writes with `filebrowser users export FILE.json` and `filebrowser
 * config export FILE.json`, and the share records of a shares file, described as the Go types
 * they come from and read as Go's encoding/json reads them (`readJsonFile` with `goZeroValues`):
 * an absent or null field takes its zero value, so the fields older 2.x versions lack are
 * accepted and Go's `null` for an empty slice or an unset pointer reads as empty; fields newer
 * versions add are let through (the importer notes those it cannot map). A field of the wrong
 * type stops the import before anything is written, with a message naming the file and the field.
 */

/** A rule (rules.Rule) is ours as it is; `regexp` is null for path rules (a Go zero value). */
const FbRuleSchema = RuleSchema;

/** Permissions (users.Permissions); `unzip` is only in the Maurolico fork, others are noted. */
const FbPermSchema = Type.Object(
  { ...PermSchema.properties, unzip: Type.Optional(Type.Boolean()) },
  { additionalProperties: Type.Boolean() },
);

/** The fields a user and the user defaults (settings.UserDefaults) share. */
const userFields = {
  scope: Type.String(),
  locale: Type.String(),
  viewMode: Type.String(),
  singleClick: Type.Boolean(),
  perm: FbPermSchema,
  commands: Type.Array(Type.String()),
  sorting: Type.Object({ by: Type.String(), asc: Type.Boolean() }),
  hideDotfiles: Type.Boolean(),
  dateFormat: Type.Boolean(),
};

export const FbUserDefaultsSchema = Type.Object(userFields);

/** One record of `filebrowser users export` (users.User; `password` holds the bcrypt hash). */
export const FbUserSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: Type.String(),
  password: Type.String(),
  lockPassword: Type.Boolean(),
  rules: Type.Array(FbRuleSchema),
  ...userFields,
});

const FbUsersFileSchema = Type.Array(FbUserSchema);

/** Go's `[]byte` as encoding/json writes it: standard base64 with padding. */
const GoBytes = Type.String({
  pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
  description: "base64 text",
});

/** The branding (settings.Branding). */
export const FbBrandingSchema = Type.Object({
  name: Type.String(),
  disableExternal: Type.Boolean(),
  disableUsedPercentage: Type.Boolean(),
  files: Type.String(),
  theme: Type.String(),
  color: Type.String(),
});

/** The global settings (settings.Settings); `commands` are the event hooks by event. */
export const FbSettingsSchema = Type.Object({
  key: GoBytes,
  signup: Type.Boolean(),
  hideLoginButton: Type.Boolean(),
  createUserDir: Type.Boolean(),
  userHomeBasePath: Type.String(),
  defaults: FbUserDefaultsSchema,
  authMethod: Type.String(),
  logoutPage: Type.String(),
  branding: FbBrandingSchema,
  tus: Type.Object({ chunkSize: Type.Integer(), retryCount: Type.Integer() }),
  commands: Type.Record(Type.String(), Type.Array(Type.String())),
  shell: Type.Array(Type.String()),
  rules: Type.Array(FbRuleSchema),
  minimumPasswordLength: Type.Integer(),
  fileMode: Type.Integer(),
  dirMode: Type.Integer(),
  hideDotfiles: Type.Boolean(),
});

/** The server settings (settings.Server) Scriptorium reads; the others are noted. */
export const FbServerSchema = Type.Object({
  enableThumbnails: Type.Boolean(),
  resizePreview: Type.Boolean(),
  enableExec: Type.Boolean(),
  tokenExpirationTime: Type.String(),
});

/** The settings of the login method: json's reCAPTCHA, proxy's header, hook's command. */
const FbAutherSchema = Type.Object({
  recaptcha: Type.Object({ host: Type.String(), key: Type.String(), secret: Type.String() }),
  header: Type.String(),
  command: Type.String(),
});

/** `filebrowser config export`: settings and server must be there, the auther may be null. */
const FbConfigFileSchema = Type.Object({
  settings: Type.Optional(FbSettingsSchema),
  server: Type.Optional(FbServerSchema),
  auther: FbAutherSchema,
});

/** A share link as File Browser stores it (share.Link). */
export const FbShareSchema = Type.Object({
  hash: Type.String(),
  path: Type.String(),
  userID: Type.Integer(),
  expire: Type.Integer(),
  password_hash: Type.String(),
  token: Type.String(),
});

const FbSharesFileSchema = Type.Array(FbShareSchema);

export type FbRule = Static<typeof FbRuleSchema>;
export type FbPerm = Static<typeof FbPermSchema>;
export type FbUserDefaults = Static<typeof FbUserDefaultsSchema>;
export type FbUser = Static<typeof FbUserSchema>;
export type FbSettings = Static<typeof FbSettingsSchema>;
export type FbServer = Static<typeof FbServerSchema>;
export type FbAuther = Static<typeof FbAutherSchema>;
export type FbShare = Static<typeof FbShareSchema>;

/** `filebrowser config export` once read: settings, server, and the login method's settings. */
export interface FbConfig {
  settings: FbSettings;
  server: FbServer;
  auther: FbAuther;
}

/** The fields of a record that `schema` does not describe, with their values (newer versions'). */
export function otherFields(record: object, schema: TObject): [string, unknown][] {
  return Object.entries(record).filter(([key]) => !(key in schema.properties));
}

const NOT_JSON =
  "; a File Browser database file cannot be read directly: export it first with " +
  '"filebrowser users export users.json" and "filebrowser config export config.json"';

const readExport = <T extends TSchema>(file: string, schema: T, what: string): Static<T> =>
  readJsonFile(file, schema, what, { goZeroValues: true, notJson: NOT_JSON });

/** Reads the file `filebrowser users export users.json` wrote. */
export function readFbUsers(file: string): FbUser[] {
  return readExport(file, FbUsersFileSchema, "File Browser's users export");
}

/** Reads the file `filebrowser config export config.json` wrote. */
export function readFbConfig(file: string): FbConfig {
  const { settings, server, auther } = readExport(
    file,
    FbConfigFileSchema,
    "File Browser's config export",
  );
  if (!settings || !server) {
    throw new UsageError(
      `${file} has no "settings" or "server": it is not the file "filebrowser config export" writes`,
    );
  }
  return { settings, server, auther };
}

/** Reads a list of File Browser share records (hash, path, userID, expire, password_hash, token). */
export function readFbShares(file: string): FbShare[] {
  return readExport(file, FbSharesFileSchema, "a list of File Browser share records");
}
