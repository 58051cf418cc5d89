import { Type, type Static } from "typebox";

/** What the activity log records. */
export const ACTIVITY_ACTIONS = [
  "create",
  "edit",
  "upload",
  "rename",
  "move",
  "copy",
  "delete",
  "restore",
  "extract",
  "version-restore",
  "version-label",
  "share-create",
  "share-use",
  "share-delete",
  "drop",
  "tool",
  "login",
  "login-failed",
  "user-create",
  "user-change",
  "user-delete",
  "settings",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One line of the activity log, with paths as the viewer sees them (their scope). */
export const ActivityEntrySchema = Type.Object({
  /** ISO 8601. */
  time: Type.String(),
  /** Username of who did it ("" for an anonymous visitor of a share). */
  user: Type.String(),
  action: Type.Enum(ACTIVITY_ACTIONS),
  /** The path concerned, in the viewer's scope ("" for actions on no file). */
  path: Type.String(),
  /** Where it went (moves, renames, copies, extractions, restores). */
  to: Type.Optional(Type.String()),
  /** More: a tool's result, a share's hash, a user's name… */
  detail: Type.Optional(Type.String()),
});
export type ActivityEntry = Static<typeof ActivityEntrySchema>;
export const ActivityListSchema = Type.Array(ActivityEntrySchema);

export const ActivityQuerySchema = Type.Object({
  /** Only entries at or after this time (ISO 8601). */
  since: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

/** One line of the admin's audit view: paths from the files root, and the request. */
export const AuditEntrySchema = Type.Object({
  ...ActivityEntrySchema.properties,
  /** The request that did it. */
  requestId: Type.String(),
  /** The client address. */
  address: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;
export const AuditListSchema = Type.Array(AuditEntrySchema);

export const AuditQuerySchema = Type.Object({
  /** A username. */
  user: Type.Optional(Type.String({ maxLength: 200 })),
  action: Type.Optional(Type.Enum(ACTIVITY_ACTIONS)),
  /** Entries at this path or below it (from the files root). */
  path: Type.Optional(Type.String({ maxLength: 4096 })),
  since: Type.Optional(Type.String({ maxLength: 40 })),
  until: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  format: Type.Optional(Type.Union([Type.Literal("json"), Type.Literal("csv")])),
});
export type AuditQuery = Static<typeof AuditQuerySchema>;

/**
 * A live change (GET /api/events, server-sent event `change`): paths in the viewer's scope;
 * `user` is who made it.
 */
export const LiveChangeSchema = Type.Object({
  action: Type.Enum(ACTIVITY_ACTIONS),
  path: Type.String(),
  to: Type.Optional(Type.String()),
  user: Type.String(),
  time: Type.String(),
});
export type LiveChange = Static<typeof LiveChangeSchema>;

/** How long the activity log is kept (global settings). */
export const ActivitySettingsSchema = Type.Object({
  /** Days a line is kept; 0: for ever. */
  days: Type.Integer({ minimum: 0, maximum: 36500 }),
});
export type ActivitySettings = Static<typeof ActivitySettingsSchema>;
export const ACTIVITY_DEFAULTS: ActivitySettings = { days: 365 };
