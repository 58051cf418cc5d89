import {
  AUTH_METHODS,
  isLocale,
  parseDuration,
  PERMISSIONS,
  SORT_FIELDS,
  THEMES,
  VIEW_MODES,
  type Perm,
  type Permission,
  type ServerConfig,
  type Settings,
  type Sorting,
  type User,
} from "@scriptorium/shared";
import type { Static, TObject, TSchema } from "typebox";
import { Flag, UsageError } from "./args.js";

export const DATABASE_FLAG = {
  database: Flag.string({
    short: "d",
    env: "SCRIPTORIUM_DATABASE",
    arg: "FILE|URL",
    description: "SQLite database file, or a postgres:// URL (default ./data/scriptorium.db)",
  }),
};

const perm = (p: Permission) => Flag.boolean({ description: `permission ${p}` });
const PERM_FLAGS = {
  "perm.admin": perm("admin"),
  "perm.execute": perm("execute"),
  "perm.create": perm("create"),
  "perm.rename": perm("rename"),
  "perm.modify": perm("modify"),
  "perm.delete": perm("delete"),
  "perm.share": perm("share"),
  "perm.download": perm("download"),
  "perm.unzip": perm("unzip"),
} satisfies Record<`perm.${Permission}`, TSchema>;

/** Flags describing a user (for `users add|update`, and the defaults in `config init|set`). */
export const USER_FLAGS = {
  scope: Flag.string({ arg: "PATH", description: "folder the user sees, relative to the root" }),
  locale: Flag.checked(
    { arg: "CODE", description: "interface language, e.g. it or en" },
    isLocale,
    () => "must be a language code such as en, it or de",
  ),
  viewMode: Flag.oneOf(VIEW_MODES, { description: "how folders are shown" }),
  singleClick: Flag.boolean({ description: "open items with a single click" }),
  hideDotfiles: Flag.boolean({ description: "hide files starting with a dot" }),
  dateFormat: Flag.boolean({ description: "show exact dates" }),
  "sorting.by": Flag.oneOf(SORT_FIELDS, { description: "listing order" }),
  "sorting.asc": Flag.boolean({ description: "ascending order" }),
  commands: Flag.string({ arg: "'CMD …'", description: "space-separated shell commands allowed" }),
  ...PERM_FLAGS,
};
type UserFlagValues = Static<TObject<typeof USER_FLAGS>>;

export const SETTINGS_FLAGS = {
  "auth.method": Flag.oneOf(AUTH_METHODS, { description: "how users log in" }),
  "auth.header": Flag.string({ arg: "NAME", description: "header holding the user name (proxy)" }),
  "recaptcha.host": Flag.string({ arg: "URL", description: "reCAPTCHA host" }),
  "recaptcha.key": Flag.string({ arg: "KEY", description: "reCAPTCHA site key" }),
  "recaptcha.secret": Flag.string({ arg: "SECRET", description: "reCAPTCHA secret" }),
  signup: Flag.boolean({ description: "allow users to sign up" }),
  createUserDir: Flag.boolean({ description: "create a home folder per user" }),
  userHomeBasePath: Flag.string({ arg: "PATH", description: "where home folders are made" }),
  "branding.name": Flag.string({ arg: "NAME", description: "product name" }),
  "branding.theme": Flag.oneOf(THEMES, { description: "theme ('' follows the system)" }),
  "branding.color": Flag.string({ arg: "COLOUR", description: "theme colour" }),
  "branding.files": Flag.string({ arg: "DIR", description: "folder of branding overrides" }),
  "branding.disableExternal": Flag.boolean({ description: "hide external links" }),
  "branding.disableUsedPercentage": Flag.boolean({ description: "hide the storage bar" }),
  "tus.chunkSize": Flag.integer(
    { arg: "BYTES", description: "resumable upload chunk size" },
    { minimum: 0 },
  ),
  "tus.retryCount": Flag.integer({ description: "resumable upload retries" }, { minimum: 0 }),
  shell: Flag.string({ arg: "'CMD …'", description: "shell to run commands with, e.g. 'bash -c'" }),
  tokenExpirationTime: Flag.checked(
    { arg: "DURATION", description: "session length, e.g. 2h" },
    (text) => parseDuration(text) !== undefined,
    () => "expects a duration such as 2h or 90m",
  ),
  minimumPasswordLength: Flag.integer({ description: "minimum password length" }, { minimum: 1 }),
  enableExec: Flag.boolean({ description: "enable the shell and command hooks" }),
  enableThumbnails: Flag.boolean({ description: "enable image thumbnails" }),
  resizePreview: Flag.boolean({ description: "resize large image previews" }),
  ...USER_FLAGS,
};
type SettingsFlagValues = Static<TObject<typeof SETTINGS_FLAGS>>;

type UserFields = Partial<Omit<User, "id" | "username" | "password">>;

/** The user fields named by flags; `base` supplies what a partial perm/sorting lacks. */
export function userFieldsFromFlags(
  v: UserFlagValues & { lockPassword?: boolean },
  base: { perm: Perm; sorting: Sorting },
): UserFields {
  const out: UserFields = {};
  if (v.scope !== undefined) out.scope = v.scope;
  if (v.locale !== undefined) out.locale = v.locale;
  if (v.viewMode !== undefined) out.viewMode = v.viewMode;
  for (const key of ["singleClick", "hideDotfiles", "dateFormat", "lockPassword"] as const) {
    const b = v[key];
    if (b !== undefined) out[key] = b;
  }
  const by = v["sorting.by"];
  const asc = v["sorting.asc"];
  if (by !== undefined || asc !== undefined) {
    out.sorting = { by: by ?? base.sorting.by, asc: asc ?? base.sorting.asc };
  }
  if (v.commands !== undefined) out.commands = v.commands.split(" ").filter(Boolean);
  if (PERMISSIONS.some((p) => v[`perm.${p}`] !== undefined)) {
    const perm = { ...base.perm };
    for (const p of PERMISSIONS) perm[p] = v[`perm.${p}`] ?? perm[p];
    out.perm = perm;
  }
  return out;
}

/** Applies `config init|set` flags to the stored settings and server configuration. */
export function applySettingsFlags(
  v: SettingsFlagValues,
  settings: Settings,
  server: ServerConfig,
): { settings: Settings; server: ServerConfig } {
  const s: Settings = structuredClone(settings);
  const c: ServerConfig = structuredClone(server);
  c.authMethod = v["auth.method"] ?? c.authMethod;
  c.authHeader = v["auth.header"] ?? c.authHeader;
  c.recaptcha.host = v["recaptcha.host"] ?? c.recaptcha.host;
  c.recaptcha.key = v["recaptcha.key"] ?? c.recaptcha.key;
  c.recaptcha.secret = v["recaptcha.secret"] ?? c.recaptcha.secret;
  if (c.authMethod === "proxy" && c.authHeader === "") {
    throw new UsageError("flag --auth.header is needed with --auth.method=proxy");
  }
  s.signup = v.signup ?? s.signup;
  s.createUserDir = v.createUserDir ?? s.createUserDir;
  s.userHomeBasePath = v.userHomeBasePath ?? s.userHomeBasePath;
  s.branding.name = v["branding.name"] ?? s.branding.name;
  s.branding.theme = v["branding.theme"] ?? s.branding.theme;
  s.branding.color = v["branding.color"] ?? s.branding.color;
  s.branding.files = v["branding.files"] ?? s.branding.files;
  s.branding.disableExternal = v["branding.disableExternal"] ?? s.branding.disableExternal;
  s.branding.disableUsedPercentage =
    v["branding.disableUsedPercentage"] ?? s.branding.disableUsedPercentage;
  s.tus.chunkSize = v["tus.chunkSize"] ?? s.tus.chunkSize;
  s.tus.retryCount = v["tus.retryCount"] ?? s.tus.retryCount;
  if (v.shell !== undefined) s.shell = v.shell.split(" ").filter(Boolean);
  c.tokenExpirationTime = v.tokenExpirationTime ?? c.tokenExpirationTime;
  c.minimumPasswordLength = v.minimumPasswordLength ?? c.minimumPasswordLength;
  c.enableExec = v.enableExec ?? c.enableExec;
  c.enableThumbnails = v.enableThumbnails ?? c.enableThumbnails;
  c.resizePreview = v.resizePreview ?? c.resizePreview;
  s.defaults = { ...s.defaults, ...userFieldsFromFlags(v, s.defaults) };
  return { settings: s, server: c };
}
