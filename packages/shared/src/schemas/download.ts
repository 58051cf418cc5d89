import { Type } from "typebox";

/** `?inline=true` asks for `Content-Disposition: inline` instead of an attachment. */
export const DownloadQuerySchema = Type.Object({
  inline: Type.Optional(Type.String()),
});

/**
 * GET /api/raw{path}: `inline`, and for archives (API.md §3.3) `files` (a comma-separated
 * selection relative to the path, each entry encoded again) and `algo` (zip, tar, targz, tarbz2,
 * tarxz, tarlz4, tarsz; empty or "true" mean zip).
 */
export const RawQuerySchema = Type.Object({
  inline: Type.Optional(Type.String()),
  files: Type.Optional(Type.String()),
  algo: Type.Optional(Type.String()),
});

/** The two preview sizes of GET /api/preview/{size}{path} (API.md §4). */
export const PREVIEW_SIZES = ["thumb", "big"] as const;
export type PreviewSize = (typeof PREVIEW_SIZES)[number];

/** `size` is checked by the server so that an unknown size gets a readable 400 message. */
export const PreviewParamsSchema = Type.Object({
  size: Type.String(),
  "*": Type.String(),
});

/** GET /api/inline/{capability}/{path inside the capability's folder} (API.md Part A §11). */
export const InlineParamsSchema = Type.Object({
  capability: Type.String(),
  "*": Type.String(),
});
