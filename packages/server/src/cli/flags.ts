import {
  AUTH_METHODS,
  isLocale,
  parseDuration,
  PERMISSIONS,
  SORT_FIELDS,
  THEMES,
  VIEW_MODES,
  type Perm,
  type ServerConfig,
  type Settings,
  type Sorting,
  type Theme,
  type User,
  type ViewMode,
} from "@scriptorium/shared";
import { UsageError, type FlagSpec, type FlagValues } from "./args.js";

export const DATABASE_FLAG: FlagSpec = {
  name: "database",
  short: "d",
  type: "string",
  env: "SCRIPTORIUM_DATABASE",
  description: "database file (default ./data/scriptorium.db)",
};

/** Flags describing a user (for `users add|update`, and the defaults in `config init|set`). */
export const USER_FLAGS: FlagSpec[] = [
  { name: "scope", type: "string", description: "folder the user sees, relative to the root" },
  { name: "locale", type: "string", description: "interface language, e.g. it or en" },
  { name: "viewMode", type: "string", description: "list, mosaic or 'mosaic gallery'" },
  { name: "singleClick", type: "boolean", description: "open items with a single click" },
  { name: "hideDotfiles", type: "boolean", description: "hide files starting with a dot" },
  { name: "dateFormat", type: "boolean", description: "show exact dates" },
  { name: "sorting.by", type: "string", description: "name, size or modified" },
  { name: "sorting.asc", type: "boolean", description: "ascending order" },
  { name: "commands", type: "string", description: "space-separated shell commands allowed" },
  ...PERMISSIONS.map<FlagSpec>((p) => ({
    name: `perm.${p}`,
    type: "boolean",
    description: `permission ${p}`,
  })),
];

export const SETTINGS_FLAGS: FlagSpec[] = [
  { name: "auth.method", type: "string", description: "json, proxy or noauth" },
  { name: "auth.header", type: "string", description: "header holding the user name (proxy)" },
  { name: "recaptcha.host", type: "string", description: "reCAPTCHA host" },
  { name: "recaptcha.key", type: "string", description: "reCAPTCHA site key" },
  { name: "recaptcha.secret", type: "string", description: "reCAPTCHA secret" },
  { name: "signup", type: "boolean", description: "allow users to sign up" },
  { name: "createUserDir", type: "boolean", description: "create a home folder per user" },
  { name: "userHomeBasePath", type: "string", description: "where home folders are made" },
  { name: "branding.name", type: "string", description: "product name" },
  { name: "branding.theme", type: "string", description: "light, dark or '' (system)" },
  { name: "branding.color", type: "string", description: "theme colour" },
  { name: "branding.files", type: "string", description: "folder of branding overrides" },
  { name: "branding.disableExternal", type: "boolean", description: "hide external links" },
  { name: "branding.disableUsedPercentage", type: "boolean", description: "hide the storage bar" },
  { name: "tus.chunkSize", type: "int", description: "resumable upload chunk size in bytes" },
  { name: "tus.retryCount", type: "int", description: "resumable upload retries" },
  { name: "shell", type: "string", description: "shell to run commands with, e.g. 'bash -c'" },
  { name: "tokenExpirationTime", type: "string", description: "session length, e.g. 2h" },
  { name: "minimumPasswordLength", type: "int", description: "minimum password length" },
  { name: "enableExec", type: "boolean", description: "enable the shell and command hooks" },
  { name: "enableThumbnails", type: "boolean", description: "enable image thumbnails" },
  { name: "resizePreview", type: "boolean", description: "resize large image previews" },
  ...USER_FLAGS.filter((f) => f.name !== "lockPassword"),
];

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(
      `flag --${flag} must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`,
    );
  }
  return value as T;
}

const str = (v: FlagValues, k: string) => v[k] as string | undefined;
const bool = (v: FlagValues, k: string) => v[k] as boolean | undefined;
const int = (v: FlagValues, k: string) => v[k] as number | undefined;

type UserFields = Partial<Omit<User, "id" | "username" | "password">>;

/** The user fields named by flags, validated; `base` supplies what a partial perm/sorting lacks. */
export function userFieldsFromFlags(
  v: FlagValues,
  base: { perm: Perm; sorting: Sorting },
): UserFields {
  const out: UserFields = {};
  const scope = str(v, "scope");
  if (scope !== undefined) out.scope = scope;
  const locale = str(v, "locale");
  if (locale !== undefined) {
    if (!isLocale(locale)) throw new UsageError(`flag --locale: unknown locale "${locale}"`);
    out.locale = locale;
  }
  const viewMode = str(v, "viewMode");
  if (viewMode !== undefined) out.viewMode = oneOf<ViewMode>(viewMode, VIEW_MODES, "viewMode");
  for (const key of ["singleClick", "hideDotfiles", "dateFormat", "lockPassword"] as const) {
    const b = bool(v, key);
    if (b !== undefined) out[key] = b;
  }
  const by = str(v, "sorting.by");
  const asc = bool(v, "sorting.asc");
  if (by !== undefined || asc !== undefined) {
    out.sorting = {
      by: by !== undefined ? oneOf(by, SORT_FIELDS, "sorting.by") : base.sorting.by,
      asc: asc ?? base.sorting.asc,
    };
  }
  const commands = str(v, "commands");
  if (commands !== undefined) out.commands = commands.split(" ").filter(Boolean);
  if (PERMISSIONS.some((p) => bool(v, `perm.${p}`) !== undefined)) {
    const perm = { ...base.perm };
    for (const p of PERMISSIONS) perm[p] = bool(v, `perm.${p}`) ?? perm[p];
    out.perm = perm;
  }
  return out;
}

/** Applies `config init|set` flags to the stored settings and server configuration. */
export function applySettingsFlags(
  v: FlagValues,
  settings: Settings,
  server: ServerConfig,
): { settings: Settings; server: ServerConfig } {
  const s: Settings = structuredClone(settings);
  const c: ServerConfig = structuredClone(server);
  const method = str(v, "auth.method");
  if (method !== undefined) c.authMethod = oneOf(method, AUTH_METHODS, "auth.method");
  c.authHeader = str(v, "auth.header") ?? c.authHeader;
  c.recaptcha.host = str(v, "recaptcha.host") ?? c.recaptcha.host;
  c.recaptcha.key = str(v, "recaptcha.key") ?? c.recaptcha.key;
  c.recaptcha.secret = str(v, "recaptcha.secret") ?? c.recaptcha.secret;
  if (c.authMethod === "proxy" && c.authHeader === "") {
    throw new UsageError("flag --auth.header is needed with --auth.method=proxy");
  }
  s.signup = bool(v, "signup") ?? s.signup;
  s.createUserDir = bool(v, "createUserDir") ?? s.createUserDir;
  s.userHomeBasePath = str(v, "userHomeBasePath") ?? s.userHomeBasePath;
  s.branding.name = str(v, "branding.name") ?? s.branding.name;
  const theme = str(v, "branding.theme");
  if (theme !== undefined) s.branding.theme = oneOf<Theme>(theme, THEMES, "branding.theme");
  s.branding.color = str(v, "branding.color") ?? s.branding.color;
  s.branding.files = str(v, "branding.files") ?? s.branding.files;
  s.branding.disableExternal = bool(v, "branding.disableExternal") ?? s.branding.disableExternal;
  s.branding.disableUsedPercentage =
    bool(v, "branding.disableUsedPercentage") ?? s.branding.disableUsedPercentage;
  s.tus.chunkSize = int(v, "tus.chunkSize") ?? s.tus.chunkSize;
  s.tus.retryCount = int(v, "tus.retryCount") ?? s.tus.retryCount;
  const shell = str(v, "shell");
  if (shell !== undefined) s.shell = shell.split(" ").filter(Boolean);
  const lifetime = str(v, "tokenExpirationTime");
  if (lifetime !== undefined) {
    if (parseDuration(lifetime) === undefined) {
      throw new UsageError(
        `flag --tokenExpirationTime expects a duration such as 2h, got "${lifetime}"`,
      );
    }
    c.tokenExpirationTime = lifetime;
  }
  const minLength = int(v, "minimumPasswordLength");
  if (minLength !== undefined) {
    if (minLength < 1) throw new UsageError("flag --minimumPasswordLength must be at least 1");
    c.minimumPasswordLength = minLength;
  }
  c.enableExec = bool(v, "enableExec") ?? c.enableExec;
  c.enableThumbnails = bool(v, "enableThumbnails") ?? c.enableThumbnails;
  c.resizePreview = bool(v, "resizePreview") ?? c.resizePreview;
  s.defaults = { ...s.defaults, ...userFieldsFromFlags(v, s.defaults) };
  return { settings: s, server: c };
}
