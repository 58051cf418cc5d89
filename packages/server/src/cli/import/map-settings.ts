import {
  HOOK_KEYS,
  MAX_PASSWORD_LENGTH_SETTING,
  MIN_PASSWORD_LENGTH_FLOOR,
  parseDuration,
  THEMES,
  type ServerConfig,
  type Settings,
  type Theme,
} from "@scriptorium/shared";
import { AppError } from "../../errors.js";
import { checkSettings } from "../../features/settings/settings-checks.js";
import { defaultSettings } from "../../features/settings/settings.defaults.js";
import {
  FbBrandingSchema,
  FbServerSchema,
  FbSettingsSchema,
  FbUserDefaultsSchema,
  otherFields,
  type FbConfig,
  type FbSettings,
  type FbUserDefaults,
} from "./fb-records.js";
import {
  mapCommands,
  mapLocale,
  mapPerm,
  mapRules,
  mapScope,
  mapSorting,
  mapViewMode,
  noteOtherFields,
} from "./map-user.js";
import type { Notes } from "./notes.js";

const MIN_TOKEN_MS = 5 * 60_000;
const MAX_TOKEN_MS = 30 * 24 * 3_600_000;

/** The message the API's settings check gives for a change to the default settings, if any. */
function settingsProblem(change: (s: Settings) => void): string | undefined {
  const s = defaultSettings();
  change(s);
  try {
    checkSettings(s);
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

function mapDefaults(fb: FbUserDefaults, notes: Notes): Settings["defaults"] {
  const subject = "user defaults";
  noteOtherFields(fb, FbUserDefaultsSchema, notes, subject);
  return {
    scope: mapScope(fb.scope) ?? ".",
    locale: mapLocale(fb.locale, notes, subject),
    // File Browser fills an empty default view mode with mosaic when saving its settings.
    viewMode: fb.viewMode === "" ? "mosaic" : mapViewMode(fb.viewMode, notes, subject),
    singleClick: fb.singleClick,
    sorting: mapSorting(fb.sorting, notes, subject),
    perm: mapPerm(fb.perm, notes, subject),
    commands: mapCommands(fb.commands),
    hideDotfiles: fb.hideDotfiles,
    dateFormat: fb.dateFormat,
  };
}

function mapBranding(fb: FbSettings["branding"], notes: Notes): Settings["branding"] {
  const subject = "branding";
  let theme: Theme = "";
  if ((THEMES as readonly string[]).includes(fb.theme)) theme = fb.theme as Theme;
  else notes.add(subject, `theme "${fb.theme}" is unknown: the system's light or dark is used`);
  const branding = {
    name: fb.name,
    disableExternal: fb.disableExternal,
    disableUsedPercentage: fb.disableUsedPercentage,
    files: fb.files,
    theme,
    color: fb.color,
  };
  for (const key of ["name", "color", "files"] as const) {
    const problem = settingsProblem((s) => (s.branding[key] = branding[key]));
    if (problem) {
      notes.add(subject, `${key} ${JSON.stringify(branding[key])} not imported: ${problem}`);
      branding[key] = "";
    }
  }
  for (const [name, value] of otherFields(fb, FbBrandingSchema)) {
    notes.unmapped(subject, name, value);
  }
  return branding;
}

function mapHooks(fb: FbSettings["commands"], notes: Notes): Settings["commands"] {
  const commands: Settings["commands"] = {};
  for (const key of HOOK_KEYS) commands[key] = (fb[key] ?? []).filter((c) => c.trim() !== "");
  for (const [name, value] of Object.entries(fb)) {
    if ((HOOK_KEYS as readonly string[]).includes(name)) continue;
    notes.unmapped("event hooks", name, value, "not an event Scriptorium runs commands on");
  }
  return commands;
}

/** The settings File Browser has and Scriptorium has no place for, noted unless unset. */
function noteUnmappedSettings(f: FbSettings, notes: Notes): void {
  const subject = "settings";
  if (f.key !== "") {
    notes.add(subject, "the signing key is not imported: everyone logs in again after the move");
  }
  for (const key of ["hideLoginButton", "logoutPage", "hideDotfiles"] as const) {
    notes.unmapped(subject, key, f[key]);
  }
  for (const key of ["fileMode", "dirMode"] as const) {
    if (f[key] !== 0) notes.unmapped(subject, key, `0${f[key].toString(8)}`);
  }
  for (const [name, value] of otherFields(f, FbSettingsSchema)) {
    notes.unmapped(subject, name, value);
  }
}

/** File Browser's global settings over ours; the edition tools stay as they are. */
export function mapSettings(fb: FbConfig, current: Settings, notes: Notes): Settings {
  const f = fb.settings;
  const base = f.userHomeBasePath;
  const homeProblem = settingsProblem((s) => (s.userHomeBasePath = base));
  if (homeProblem) notes.add("settings", `userHomeBasePath not imported: ${homeProblem}`);
  noteUnmappedSettings(f, notes);
  const { chunkSize, retryCount } = f.tus;
  return {
    ...current,
    signup: f.signup,
    createUserDir: f.createUserDir,
    userHomeBasePath: homeProblem || base.trim() === "" ? "/users" : base,
    defaults: mapDefaults(f.defaults, notes),
    rules: mapRules(f.rules, notes, "global rules"),
    branding: mapBranding(f.branding, notes),
    // File Browser reads {0, 0} as its defaults.
    tus: chunkSize === 0 && retryCount === 0 ? defaultSettings().tus : { chunkSize, retryCount },
    shell: f.shell.filter((w) => w.trim() !== ""),
    commands: mapHooks(f.commands, notes),
  };
}

/** Advice for server settings that are flags of `scriptorium` rather than stored settings. */
const SERVE_FLAG_ADVICE: Record<string, string> = {
  root: "serve it with scriptorium -r",
  baseURL: "serve with scriptorium -b",
  port: "serve with scriptorium -p",
  address: "serve with scriptorium -a",
  socket: "Scriptorium listens on TCP only",
  tlsKey: "put TLS in a reverse proxy",
  tlsCert: "put TLS in a reverse proxy",
  log: "Scriptorium logs to its standard output",
  authHook: "Scriptorium has no hook login",
};

function mapTokenLifetime(raw: string, fallback: string, notes: Notes): string {
  if (raw.trim() === "") return fallback;
  const ms = parseDuration(raw);
  if (ms !== undefined && ms >= MIN_TOKEN_MS && ms <= MAX_TOKEN_MS) return raw.trim();
  notes.add(
    "server",
    `tokenExpirationTime "${raw}" not imported: it must be a duration from 5m to 720h; ${fallback} is kept`,
  );
  return fallback;
}

/** The login method and its settings (`auther`): json with reCAPTCHA, proxy, noauth. */
function mapLogin(fb: FbConfig, current: ServerConfig, notes: Notes) {
  // An export that names no method keeps the password login (json).
  const method = fb.settings.authMethod || "json";
  const { host, key, secret } = fb.auther.recaptcha;
  const json = {
    authMethod: "json" as const,
    authHeader: "",
    recaptcha: { host: host || current.recaptcha.host, key, secret },
  };
  if (method === "json") return json;
  if (method === "noauth") return { ...json, authMethod: "noauth" as const };
  const header = fb.auther.header;
  if (method === "proxy" && header !== "") {
    return { ...json, authMethod: "proxy" as const, authHeader: header };
  }
  const why =
    method === "hook"
      ? `Scriptorium has no hook login (command ${JSON.stringify(fb.auther.command)})`
      : method === "proxy"
        ? "it names no header"
        : "it is unknown";
  notes.add("login", `authMethod "${method}" not imported: ${why}; users log in with passwords`);
  return json;
}

/** File Browser's server settings and login method over ours. */
export function mapServer(fb: FbConfig, current: ServerConfig, notes: Notes): ServerConfig {
  const s = fb.server;
  for (const [name, value] of otherFields(s, FbServerSchema)) {
    notes.unmapped(
      "server",
      name,
      value,
      SERVE_FLAG_ADVICE[name] ?? "Scriptorium has no such setting",
    );
  }
  let minimum = fb.settings.minimumPasswordLength;
  if (
    minimum !== 0 &&
    (minimum < MIN_PASSWORD_LENGTH_FLOOR || minimum > MAX_PASSWORD_LENGTH_SETTING)
  ) {
    notes.add(
      "settings",
      `minimumPasswordLength ${minimum} not imported: it must be from ${MIN_PASSWORD_LENGTH_FLOOR} to ${MAX_PASSWORD_LENGTH_SETTING}; ${current.minimumPasswordLength} is kept`,
    );
    minimum = 0;
  }
  return {
    ...current,
    ...mapLogin(fb, current, notes),
    tokenExpirationTime: mapTokenLifetime(
      s.tokenExpirationTime,
      current.tokenExpirationTime,
      notes,
    ),
    minimumPasswordLength: minimum > 0 ? minimum : current.minimumPasswordLength,
    enableExec: s.enableExec,
    enableThumbnails: s.enableThumbnails,
    resizePreview: s.resizePreview,
  };
}
