import { Type, type Static } from "typebox";

/** One deleted file or folder in its owner's trash (GET /api/trash). */
export const TrashItemSchema = Type.Object({
  /** Opaque, random (base64url). */
  id: Type.String(),
  /** Where it was, in its owner's scope: "/" separated, starting with "/". */
  path: Type.String(),
  name: Type.String(),
  isDir: Type.Boolean(),
  /** Bytes of the file, or of every file of the folder. */
  size: Type.Number(),
  /** ISO 8601. */
  deletedAt: Type.String(),
  /** The username of who deleted it. */
  deletedBy: Type.String(),
});
export type TrashItem = Static<typeof TrashItemSchema>;

export const TrashListSchema = Type.Array(TrashItemSchema);

export const TrashListQuerySchema = Type.Object({
  /** Admins only: another user's trash. */
  user: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type TrashListQuery = Static<typeof TrashListQuerySchema>;

export const TrashIdParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type TrashIdParams = Static<typeof TrashIdParamsSchema>;

export const TrashRestoreAnswerSchema = Type.Object({
  /** Where the item landed in its owner's scope. */
  path: Type.String(),
});
export type TrashRestoreAnswer = Static<typeof TrashRestoreAnswerSchema>;

/** How long deleted items are kept and how much per user (global settings). */
export const TrashSettingsSchema = Type.Object({
  /** Days an item is kept; 0: deletion is immediate, nothing goes to the trash. */
  days: Type.Integer({ minimum: 0, maximum: 36500 }),
  /** Bytes a user's trash may hold (the oldest go first); 0: no limit. */
  maxBytesPerUser: Type.Integer({ minimum: 0 }),
});
export type TrashSettings = Static<typeof TrashSettingsSchema>;

export const TRASH_DEFAULTS: TrashSettings = { days: 30, maxBytesPerUser: 0 };
