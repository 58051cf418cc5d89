import { Type, type Static } from "typebox";
import { ItemSchema, RESOURCE_TYPES, ResolutionSchema } from "./resource.js";
import { SortingSchema } from "./user.js";

/** What a link lets a visitor do: read (browse and download) or upload into a drop box. */
export const SHARE_MODES = ["read", "upload"] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** Units of a share's duration (SPEC.md §5); anything else counts as hours, as File Browser. */
export const SHARE_UNITS = ["seconds", "minutes", "hours", "days"] as const;
export type ShareUnit = (typeof SHARE_UNITS)[number];
/** Largest duration the share dialog accepts (SPEC.md §9). */
export const SHARE_DURATION_MAX = 2147483647;
/** Seconds in one of each unit. */
export const SHARE_UNIT_SECONDS: Record<ShareUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86400,
};
/** Items the public share page shows at first, and adds with each "+N" tile (SPEC.md §9). */
export const SHARE_PAGE_BATCH = 100;
/** QR code sizes on the share page, in CSS pixels (SPEC.md §9). */
export const SHARE_QR_SIZE = { file: 200, folder: 100 } as const;
/** The password header of public share requests (the value is percent-encoded). */
export const SHARE_PASSWORD_HEADER = "X-SHARE-PASSWORD";

/**
 * A share link as its owner (or an admin) sees it. Never carries the password hash or a token
 * (API.md Part A §12).
 */
export const ShareSchema = Type.Object({
  /** Random, 128 bits, base64url (22 characters). */
  hash: Type.String(),
  /** Owner-relative path as shared; folders end with "/". */
  path: Type.String(),
  userID: Type.Integer(),
  /** Owner's name: filled in for admins' lists (GET /api/shares). */
  username: Type.Optional(Type.String()),
  /** Unix seconds; 0 = permanent. */
  expire: Type.Number(),
  mode: Type.Enum(SHARE_MODES),
  /** True when visitors need a password. */
  hasPassword: Type.Boolean(),
  /** Unix seconds of creation. */
  created: Type.Number(),
  /** Downloads allowed through the link (none: unlimited), and those made so far. */
  maxDownloads: Type.Optional(Type.Integer()),
  downloads: Type.Integer(),
  /** Drop boxes: largest file a visitor may send, in bytes (none: no limit). */
  maxUploadBytes: Type.Optional(Type.Number()),
  /** Drop boxes: files the box accepts in all (none: no limit), and those received so far. */
  maxUploads: Type.Optional(Type.Integer()),
  uploads: Type.Integer(),
});
export type Share = Static<typeof ShareSchema>;

export const ShareListSchema = Type.Array(ShareSchema);

const optionalCount = Type.Optional(
  Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^\\d*$" })]),
);

/**
 * POST /api/share{path}. File Browser's client sends `{password, expires, unit}` with `expires`
 * a string of digits; ours adds the mode and the limits. 0 or empty means "none" everywhere.
 */
export const CreateShareBodySchema = Type.Object({
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  expires: Type.Optional(Type.String({ maxLength: 32 })),
  unit: Type.Optional(Type.String({ maxLength: 32 })),
  mode: Type.Optional(Type.String({ maxLength: 16 })),
  maxDownloads: optionalCount,
  maxUploadBytes: optionalCount,
  maxUploads: optionalCount,
});
export type CreateShareBody = Static<typeof CreateShareBodySchema>;

/** What a visitor learns about a link before and besides its content. */
export const PublicShareInfoSchema = Type.Object({
  hash: Type.String(),
  mode: Type.Enum(SHARE_MODES),
  /** Name of the shared file or folder. */
  name: Type.String(),
  isDir: Type.Boolean(),
  expire: Type.Number(),
  hasPassword: Type.Boolean(),
  /** Downloads left when the link has a limit. */
  downloadsLeft: Type.Optional(Type.Integer()),
  maxUploadBytes: Type.Optional(Type.Number()),
  /** Drop boxes: files the box still accepts when it has a limit. */
  uploadsLeft: Type.Optional(Type.Integer()),
});
export type PublicShareInfo = Static<typeof PublicShareInfoSchema>;

/**
 * GET /api/public/share/{hash}{path}: File Browser's resource JSON (paths share-relative, `""`
 * for a file share; never `content`) plus `token` for password shares and our `share` info.
 * A drop box answers `share` alone: no listing, no file data.
 */
export const PublicShareSchema = Type.Object({
  share: PublicShareInfoSchema,
  /** Signed, short-lived: lets download and preview URLs skip the password. */
  token: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  size: Type.Optional(Type.Number()),
  extension: Type.Optional(Type.String()),
  modified: Type.Optional(Type.String()),
  mode: Type.Optional(Type.Number()),
  isDir: Type.Optional(Type.Boolean()),
  isSymlink: Type.Optional(Type.Boolean()),
  type: Type.Optional(Type.Enum(RESOURCE_TYPES)),
  subtitles: Type.Optional(Type.Array(Type.String())),
  resolution: Type.Optional(ResolutionSchema),
  items: Type.Optional(Type.Array(ItemSchema)),
  numDirs: Type.Optional(Type.Integer()),
  numFiles: Type.Optional(Type.Integer()),
  sorting: Type.Optional(SortingSchema),
});
export type PublicShare = Static<typeof PublicShareSchema>;

/** One visit worth telling the owner: a file dropped into a box, or a download. */
export const ShareActivitySchema = Type.Object({
  /** Unix milliseconds. */
  at: Type.Number(),
  kind: Type.Union([Type.Literal("upload"), Type.Literal("download")]),
  /** Share-relative path of what was uploaded or downloaded ("" for a file share). */
  name: Type.String(),
  size: Type.Number(),
  /** The visitor's address as the server saw it. */
  address: Type.String(),
  /** The name the visitor gave (drop boxes ask for one), if any. */
  visitor: Type.Optional(Type.String()),
});
export type ShareActivity = Static<typeof ShareActivitySchema>;
export const ShareActivityListSchema = Type.Array(ShareActivitySchema);

export const ShareHashParamsSchema = Type.Object({ hash: Type.String({ maxLength: 64 }) });

/** `?token=` of public routes, and the archive options of downloads. */
export const PublicDownloadQuerySchema = Type.Object({
  token: Type.Optional(Type.String()),
  inline: Type.Optional(Type.String()),
  files: Type.Optional(Type.String()),
  algo: Type.Optional(Type.String()),
});

export const PublicQuerySchema = Type.Object({
  token: Type.Optional(Type.String()),
  /**
   * `read`: the share page's reading view of HTML (m2hv's pages): served in a sandbox whose CSP
   * forbids scripts, the folder's pages through a capability that keeps that policy.
   */
  view: Type.Optional(Type.String()),
});

/**
 * Seconds of a duration as the share dialog sends it: `expires` digits and a unit (unknown
 * units are hours). Undefined when the text is not a whole number in range.
 */
export function shareDurationSeconds(
  expires: string,
  unit: string | undefined,
): number | undefined {
  if (!/^\d+$/.test(expires)) return undefined;
  const amount = Number(expires);
  if (!Number.isSafeInteger(amount) || amount > SHARE_DURATION_MAX) return undefined;
  const known = (SHARE_UNITS as readonly string[]).includes(unit ?? "");
  return amount * SHARE_UNIT_SECONDS[known ? (unit as ShareUnit) : "hours"];
}
