import {
  defaultToolSettings,
  HOOK_KEYS,
  TRASH_DEFAULTS,
  VERSION_DEFAULTS,
  ACTIVITY_DEFAULTS,
  WEBDAV_DEFAULTS,
  type ServerConfig,
  type Settings,
} from "@scriptorium/shared";

/**
 * First-run global settings (API.md §12), with one deliberate change: `execute` is not granted
 * by default, so signups never get shell access unless an admin turns it on explicitly.
 */
export function defaultSettings(): Settings {
  return {
    signup: false,
    createUserDir: false,
    userHomeBasePath: "/users",
    defaults: {
      scope: ".",
      locale: "en",
      viewMode: "mosaic",
      singleClick: false,
      sorting: { by: "name", asc: true },
      perm: {
        admin: false,
        execute: false,
        create: true,
        rename: true,
        modify: true,
        delete: true,
        share: true,
        download: true,
        unzip: true,
      },
      commands: [],
      hideDotfiles: false,
      dateFormat: false,
    },
    rules: [],
    branding: {
      name: "",
      disableExternal: false,
      disableUsedPercentage: false,
      files: "",
      theme: "",
      color: "",
      reportUrl: "",
      login: { description: {}, contact: {}, fallback: "" },
    },
    tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
    shell: [],
    commands: Object.fromEntries(HOOK_KEYS.map((k) => [k, []])),
    tools: defaultToolSettings(),
    trash: { ...TRASH_DEFAULTS },
    versions: { ...VERSION_DEFAULTS },
    activity: { ...ACTIVITY_DEFAULTS },
    webdav: { ...WEBDAV_DEFAULTS },
  };
}

export function defaultServerConfig(): ServerConfig {
  return {
    authMethod: "json",
    authHeader: "",
    recaptcha: { host: "https://www.google.com", key: "", secret: "" },
    tokenExpirationTime: "2h",
    minimumPasswordLength: 12,
    enableExec: false,
    enableThumbnails: true,
    resizePreview: true,
  };
}
