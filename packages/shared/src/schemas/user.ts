import { Type, type Static } from "typebox";
import { goBodySchema } from "./go-zero.js";

export const PERMISSIONS = [
  "admin",
  "execute",
  "create",
  "rename",
  "modify",
  "delete",
  "share",
  "download",
  "unzip",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A user's permissions (SPEC.md §3). */
export const PermSchema = Type.Object({
  admin: Type.Boolean(),
  execute: Type.Boolean(),
  create: Type.Boolean(),
  rename: Type.Boolean(),
  modify: Type.Boolean(),
  delete: Type.Boolean(),
  share: Type.Boolean(),
  download: Type.Boolean(),
  unzip: Type.Boolean(),
});
export type Perm = Static<typeof PermSchema>;

/** Every permission granted: what an administrator has. */
export function allPermissions(): Perm {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as Perm;
}

export const SORT_FIELDS = ["name", "size", "modified"] as const;
/** Listing order; `asc: true` is ascending for every field (API.md Part A §6). */
export const SortingSchema = Type.Object({
  /** File Browser sorts by name when the field is empty (its zero value). */
  by: Type.Enum(SORT_FIELDS, { default: "name" }),
  asc: Type.Boolean(),
});
export type Sorting = Static<typeof SortingSchema>;

export const VIEW_MODES = ["list", "mosaic", "mosaic gallery"] as const;
/** File Browser shows a list when a user's view mode is empty (its zero value). */
export const ViewModeSchema = Type.Enum(VIEW_MODES, { default: "list" });
export type ViewMode = (typeof VIEW_MODES)[number];

/** An allow or deny rule on paths (SPEC.md §3). */
export const RuleSchema = Type.Object({
  allow: Type.Boolean(),
  path: Type.String(),
  regex: Type.Boolean(),
  regexp: Type.Object({ raw: Type.String() }),
});
export type Rule = Static<typeof RuleSchema>;

/** The user object as the API sends it (API.md §8.1); `password` is always "". */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  password: Type.String(),
  scope: Type.String(),
  locale: Type.String(),
  lockPassword: Type.Boolean(),
  viewMode: ViewModeSchema,
  singleClick: Type.Boolean(),
  perm: PermSchema,
  commands: Type.Array(Type.String()),
  sorting: SortingSchema,
  rules: Type.Array(RuleSchema),
  hideDotfiles: Type.Boolean(),
  dateFormat: Type.Boolean(),
});
export type User = Static<typeof UserSchema>;

/** The `user` claim of a session token: what the web app treats as the current user. */
export const TokenUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  locale: Type.String(),
  viewMode: ViewModeSchema,
  singleClick: Type.Boolean(),
  perm: PermSchema,
  commands: Type.Array(Type.String()),
  lockPassword: Type.Boolean(),
  hideDotfiles: Type.Boolean(),
  dateFormat: Type.Boolean(),
});
export type TokenUser = Static<typeof TokenUserSchema>;

/**
 * Fields a user may change on their own record; only an administrator changes the others of
 * USER_FIELDS (API.md §8.3).
 */
export const SELF_EDITABLE_FIELDS = [
  "password",
  "locale",
  "viewMode",
  "singleClick",
  "dateFormat",
  "hideDotfiles",
  "sorting",
] as const;
/** Every field name `which` may list (API.md §8.3). */
export const USER_FIELDS = [
  "username",
  "password",
  "scope",
  "locale",
  "lockPassword",
  "viewMode",
  "singleClick",
  "perm",
  "commands",
  "sorting",
  "rules",
  "hideDotfiles",
  "dateFormat",
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** True when a user may change `field` on their own record (SELF_EDITABLE_FIELDS). */
export function isSelfEditable(field: UserField): boolean {
  return (SELF_EDITABLE_FIELDS as readonly string[]).includes(field);
}

/**
 * The user in the modify envelope, complete: each field is there only when sent. Inside a
 * field (perm, sorting, a rule), what is absent has Go's zero value, as File Browser reads it.
 */
export const UserDataSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    username: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    locale: Type.Optional(Type.String()),
    lockPassword: Type.Optional(Type.Boolean()),
    viewMode: Type.Optional(ViewModeSchema),
    singleClick: Type.Optional(Type.Boolean()),
    perm: Type.Optional(PermSchema),
    commands: Type.Optional(Type.Array(Type.String())),
    sorting: Type.Optional(SortingSchema),
    rules: Type.Optional(Type.Array(RuleSchema)),
    hideDotfiles: Type.Optional(Type.Boolean()),
    dateFormat: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type UserData = Static<typeof UserDataSchema>;

/**
 * The modify envelope of PUT /api/users/{id} (API.md §8.2). A password change carries the
 * password of whoever makes it in `current_password`, the field File Browser's own fix uses
 * (API.md Part A §18).
 */
export const UserUpdateSchema = Type.Object({
  what: Type.String(),
  which: Type.Optional(Type.Array(Type.String())),
  current_password: Type.Optional(Type.String()),
  /** As File Browser's clients and scripts send it: see UserDataSchema. */
  data: goBodySchema(UserDataSchema),
});
export type UserUpdate = Static<typeof UserUpdateSchema>;

/** GET /api/users: every user by id, passwords blanked. */
export const UserListSchema = Type.Array(UserSchema);
