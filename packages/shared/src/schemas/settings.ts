import { Type, type Static } from "typebox";
import { goBodySchema } from "./go-zero.js";
import { ToolSettingsPutSchema, ToolSettingsSchema } from "./tools.js";
import { ActivitySettingsSchema } from "./activity.js";
import { VersionSettingsSchema } from "./history.js";
import { TrashSettingsSchema } from "./trash.js";
import { WebdavSettingsSchema } from "./app-passwords.js";
import { PermSchema, RuleSchema, SortingSchema, VIEW_MODES } from "./user.js";

/** The template applied to new users: signup, `users add` and the admin form (API.md §8.4). */
export const UserDefaultsSchema = Type.Object({
  scope: Type.String(),
  locale: Type.String(),
  /** File Browser saves an empty default view mode as mosaic. */
  viewMode: Type.Enum(VIEW_MODES, { default: "mosaic" }),
  singleClick: Type.Boolean(),
  sorting: SortingSchema,
  perm: PermSchema,
  commands: Type.Array(Type.String()),
  hideDotfiles: Type.Boolean(),
  dateFormat: Type.Boolean(),
});
export type UserDefaults = Static<typeof UserDefaultsSchema>;

export const THEMES = ["", "light", "dark"] as const;
export const ThemeSchema = Type.Enum(THEMES);
export type Theme = (typeof THEMES)[number];

/**
 * Ours (issue 31): the login page's description and contact address, each a map from an
 * interface language to its text, and the language shown when the visitor's has none.
 */
export const LoginTextsSchema = Type.Object({
  description: Type.Record(Type.String(), Type.String()),
  contact: Type.Record(Type.String(), Type.String()),
  fallback: Type.String(),
});

export const BrandingSchema = Type.Object({
  name: Type.String(),
  disableExternal: Type.Boolean(),
  disableUsedPercentage: Type.Boolean(),
  files: Type.String(),
  theme: ThemeSchema,
  color: Type.String(),
  /**
   * Ours: where the "Report issue" button of error toasts leads — an issue tracker's
   * http(s) address or a mailto: address. Empty (or absent, as File Browser's clients send
   * it): the button is not shown.
   */
  reportUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  /**
   * Ours (issue 31): the login page's texts per language. Absent (File Browser's clients and
   * scripts do not know it): the stored texts stay as they are.
   */
  login: Type.Optional(LoginTextsSchema),
});
export type Branding = Static<typeof BrandingSchema>;

export const TusSettingsSchema = Type.Object({
  chunkSize: Type.Integer({ minimum: 0 }),
  retryCount: Type.Integer({ minimum: 0 }),
});
export type TusSettings = Static<typeof TusSettingsSchema>;

export const HOOK_EVENTS = ["copy", "delete", "rename", "save", "upload"] as const;
export const HOOK_KEYS = HOOK_EVENTS.flatMap((e) => [`after_${e}`, `before_${e}`]).sort();

/** The global settings exchanged by GET/PUT /api/settings (API.md §8.4). */
export const SettingsSchema = Type.Object({
  signup: Type.Boolean(),
  createUserDir: Type.Boolean(),
  userHomeBasePath: Type.String(),
  defaults: UserDefaultsSchema,
  rules: Type.Array(RuleSchema),
  branding: BrandingSchema,
  tus: TusSettingsSchema,
  shell: Type.Array(Type.String()),
  commands: Type.Record(Type.String(), Type.Array(Type.String())),
  /** The edition tools (m2hv, m2lv, m2ledmac, pdflatex and any the admin adds). */
  tools: ToolSettingsSchema,
  /** Ours: how long deleted items stay in the trash, and how much per user. */
  trash: TrashSettingsSchema,
  /** Ours: the versions kept of overwritten files. */
  versions: VersionSettingsSchema,
  /** Ours: how long the activity log is kept. */
  activity: ActivitySettingsSchema,
  /** Ours: WebDAV at /dav/. */
  webdav: WebdavSettingsSchema,
});
export type Settings = Static<typeof SettingsSchema>;

/**
 * How this server runs programs (the shell, command hooks, edition tools): "sandboxed" in
 * bubblewrap; "off" without a working bubblewrap; "unsandboxed" without it because the admin
 * started the server with --unsandboxed-programs. `reason` says why bubblewrap is not used.
 */
export const ProgramsStateSchema = Type.Object({
  mode: Type.Union([Type.Literal("sandboxed"), Type.Literal("unsandboxed"), Type.Literal("off")]),
  reason: Type.Optional(Type.String()),
});
export type ProgramsState = Static<typeof ProgramsStateSchema>;

/** GET /api/settings: the settings, and (ours, read-only) how programs run on this server. */
export const SettingsAnswerSchema = Type.Object({
  ...SettingsSchema.properties,
  programs: Type.Optional(ProgramsStateSchema),
});
export type SettingsAnswer = Static<typeof SettingsAnswerSchema>;

/**
 * PUT /api/settings, complete: as GET answers it, but a fractional chunk size is accepted and
 * rounded (File Browser's form can send 1.5M).
 */
export const SettingsPutSchema = Type.Object({
  ...SettingsSchema.properties,
  tus: Type.Object({
    chunkSize: Type.Number({ minimum: 0 }),
    retryCount: Type.Integer({ minimum: 0 }),
  }),
  /** File Browser's clients do not know it: when absent, the tools stay as they are. */
  tools: Type.Optional(ToolSettingsPutSchema),
  /** Ours too: when absent, the trash settings stay as they are. */
  trash: Type.Optional(TrashSettingsSchema),
  versions: Type.Optional(VersionSettingsSchema),
  activity: Type.Optional(ActivitySettingsSchema),
  webdav: Type.Optional(WebdavSettingsSchema),
});
export type SettingsPut = Static<typeof SettingsPutSchema>;

/**
 * PUT /api/settings as File Browser's clients and scripts send it: every field replaced, an
 * absent one by its zero value (API.md §8.4), at every depth. `tools` is ours: absent, the
 * tools stay as they are.
 */
export const SettingsBodySchema = goBodySchema(SettingsPutSchema, [
  "tools",
  "trash",
  "versions",
  "activity",
  "webdav",
]);
export type SettingsBody = Static<typeof SettingsBodySchema>;

export const AUTH_METHODS = ["json", "proxy", "noauth"] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const RecaptchaSchema = Type.Object({
  host: Type.String(),
  key: Type.String(),
  secret: Type.String(),
});
export type Recaptcha = Static<typeof RecaptchaSchema>;

/** Server-only configuration: never sent by GET /api/settings. */
export const ServerConfigSchema = Type.Object({
  authMethod: Type.Enum(AUTH_METHODS),
  authHeader: Type.String(),
  recaptcha: RecaptchaSchema,
  /** Go duration syntax as File Browser writes it, e.g. "2h" or "90m". */
  tokenExpirationTime: Type.String(),
  minimumPasswordLength: Type.Integer({ minimum: 1 }),
  enableExec: Type.Boolean(),
  enableThumbnails: Type.Boolean(),
  resizePreview: Type.Boolean(),
});
export type ServerConfig = Static<typeof ServerConfigSchema>;

/** What `scriptorium config export` writes and `config import` reads. */
export const ConfigExportSchema = Type.Object({
  settings: SettingsSchema,
  server: ServerConfigSchema,
});
export type ConfigExport = Static<typeof ConfigExportSchema>;

/** `window.FileBrowser`: the globals injected into the page (API.md §11.2). */
export const PageGlobalsSchema = Type.Object({
  AuthMethod: Type.String(),
  BaseURL: Type.String(),
  CSS: Type.Boolean(),
  Color: Type.String(),
  DisableExternal: Type.Boolean(),
  DisableUsedPercentage: Type.Boolean(),
  /** Ours: the edition tools the admin left switched on (the web offers only these). */
  EditionTools: Type.Array(Type.String()),
  EnableExec: Type.Boolean(),
  EnableThumbs: Type.Boolean(),
  LoginPage: Type.Boolean(),
  Name: Type.String(),
  NoAuth: Type.Boolean(),
  ReCaptcha: Type.Boolean(),
  ReCaptchaHost: Type.Optional(Type.String()),
  ReCaptchaKey: Type.Optional(Type.String()),
  ResizePreview: Type.Boolean(),
  Signup: Type.Boolean(),
  StaticURL: Type.String(),
  Theme: Type.String(),
  TusSettings: TusSettingsSchema,
  Version: Type.String(),
  /** Ours: branding.reportUrl, where error toasts' "Report issue" leads ("" for none). */
  ReportURL: Type.Optional(Type.String()),
  /** Ours: the shortest password the server accepts, shown before a password is sent. */
  MinimumPasswordLength: Type.Optional(Type.Integer()),
  /** Ours (issue 31): branding.login, the login page's texts per language (none when empty). */
  LoginTexts: Type.Optional(LoginTextsSchema),
});
export type PageGlobals = Static<typeof PageGlobalsSchema>;
