import { Fields, ImportFileError, readJsonFile, topLevelList } from "./fb-json.js";

/** A rule as File Browser stores it: `regexp` is null for path rules. */
export interface FbRule {
  allow: boolean;
  path: string;
  regex: boolean;
  raw: string;
}

/** The fields File Browser's user and user defaults share. */
export interface FbUserFields {
  scope: string;
  locale: string;
  viewMode: string;
  singleClick: boolean;
  perm: Record<string, boolean>;
  commands: string[];
  sorting: { by: string; asc: boolean };
  hideDotfiles: boolean;
  dateFormat: boolean;
  /** Fields Scriptorium has no place for, with their values (e.g. aceEditorTheme). */
  other: [string, unknown][];
}

/** One record of `filebrowser users export`. */
export interface FbUser extends FbUserFields {
  id: number;
  username: string;
  /** The stored bcrypt hash (File Browser's export writes it in `password`). */
  password: string;
  lockPassword: boolean;
  rules: FbRule[];
}

/** `filebrowser config export`: settings, server, and the auth method's own settings. */
export interface FbConfig {
  settings: Fields;
  server: Fields;
  auther: Fields;
}

/** A share link as File Browser stores it (share.Link). */
export interface FbShare {
  hash: string;
  path: string;
  userId: number;
  expire: number;
  passwordHash: string;
  token: string;
}

const DEFAULTS_FIELDS = [
  "scope",
  "locale",
  "viewMode",
  "singleClick",
  "perm",
  "commands",
  "sorting",
  "hideDotfiles",
  "dateFormat",
] as const;
const USER_ONLY_FIELDS = ["id", "username", "password", "lockPassword", "rules"] as const;

function readRules(f: Fields, key: string): FbRule[] {
  return f.objects(key).map((r) => ({
    allow: r.boolean("allow"),
    path: r.string("path"),
    regex: r.boolean("regex"),
    raw: r.has("regexp") ? r.object("regexp").string("raw") : "",
  }));
}

/** The fields of a user or of the user defaults. */
export function readUserFields(f: Fields, known: readonly string[] = []): FbUserFields {
  const perm: Record<string, boolean> = {};
  const p = f.object("perm");
  for (const [name, value] of Object.entries(p.value)) {
    if (typeof value !== "boolean") p.boolean(name);
    perm[name] = value as boolean;
  }
  const sorting = f.object("sorting");
  return {
    scope: f.string("scope"),
    locale: f.string("locale"),
    viewMode: f.string("viewMode"),
    singleClick: f.boolean("singleClick"),
    perm,
    commands: f.strings("commands"),
    sorting: { by: sorting.string("by"), asc: sorting.boolean("asc") },
    hideDotfiles: f.boolean("hideDotfiles"),
    dateFormat: f.boolean("dateFormat"),
    other: f.unknown([...DEFAULTS_FIELDS, ...known]),
  };
}

/** Reads the file `filebrowser users export users.json` wrote. */
export function readFbUsers(file: string): FbUser[] {
  return topLevelList(file, readJsonFile(file), "users").map((f) => {
    const id = f.integer("id");
    if (id <= 0) throw new ImportFileError(`${file}: ${f.path}.id must be a positive number`);
    return {
      ...readUserFields(f, USER_ONLY_FIELDS),
      id,
      username: f.string("username"),
      password: f.string("password"),
      lockPassword: f.boolean("lockPassword"),
      rules: readRules(f, "rules"),
    };
  });
}

/** The rules of File Browser's global settings. */
export function readFbGlobalRules(settings: Fields): FbRule[] {
  return readRules(settings, "rules");
}

/** Reads the file `filebrowser config export config.json` wrote. */
export function readFbConfig(file: string): FbConfig {
  const top = Fields.of(file, "", readJsonFile(file));
  if (!top.has("settings") || !top.has("server")) {
    throw new ImportFileError(
      `${file} has no "settings" or "server": it is not the file "filebrowser config export" writes`,
    );
  }
  return {
    settings: top.object("settings"),
    server: top.object("server"),
    auther: top.object("auther"),
  };
}

/** Reads a list of File Browser share records (hash, path, userID, expire, password_hash, token). */
export function readFbShares(file: string): FbShare[] {
  return topLevelList(file, readJsonFile(file), "share records").map((f) => ({
    hash: f.string("hash"),
    path: f.string("path"),
    userId: f.integer("userID"),
    expire: f.integer("expire"),
    passwordHash: f.string("password_hash"),
    token: f.string("token"),
  }));
}
