import { Type, type Static } from "typebox";

/** One earlier content of a file (GET /api/history/{path}), newest first. */
export const VersionSchema = Type.Object({
  /** Opaque (base64url). */
  id: Type.String(),
  /** When this content was replaced (ISO 8601): the time the version was made. */
  modified: Type.String(),
  /** Bytes of this content. */
  size: Type.Number(),
  /** The username of who wrote this content (who made the change that it records). */
  author: Type.String(),
  /** A name given to the version (kept until deleted); null when it has none. */
  label: Type.Union([Type.String(), Type.Null()]),
});
export type Version = Static<typeof VersionSchema>;

export const VersionListSchema = Type.Array(VersionSchema);

/** `?version=ID` picks a version; `&action=restore` (POST) restores it; `?diff=A,B` compares. */
export const HistoryQuerySchema = Type.Object({
  version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  action: Type.Optional(Type.Literal("restore")),
  /** Two ids joined by a comma; `current` is the file as it is now. */
  diff: Type.Optional(Type.String({ minLength: 3, maxLength: 140 })),
  /** Unchanged lines shown around each change in a diff (default 3). */
  context: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  /** `1`: send a version as an attachment (a download) rather than inline. */
  download: Type.Optional(Type.Union([Type.Literal("1"), Type.Literal("true")])),
});
export type HistoryQuery = Static<typeof HistoryQuerySchema>;

/** PUT /api/history/{path}?version=ID: an empty label removes it. */
export const VersionLabelBodySchema = Type.Object({
  label: Type.String({ maxLength: 200 }),
});
export type VersionLabelBody = Static<typeof VersionLabelBodySchema>;

/** POST …&action=restore: the restored content's new version is the file's previous content. */
export const VersionRestoreAnswerSchema = Type.Object({ path: Type.String() });
export type VersionRestoreAnswer = Static<typeof VersionRestoreAnswerSchema>;

/** A run of a line's text, `changed` when it differs from the other side. */
export const DiffSegmentSchema = Type.Object({
  text: Type.String(),
  changed: Type.Boolean(),
});
export type DiffSegment = Static<typeof DiffSegmentSchema>;

export const DIFF_LINE_KINDS = ["same", "added", "removed", "changed", "skip"] as const;

/**
 * One line of a diff. `same`: unchanged (both numbers). `added` / `removed`: only on one side.
 * `changed`: a line replaced by another, with the changed words marked in `old` and `new`.
 * `skip`: `count` unchanged lines left out (outside the context of any change).
 */
export const DiffLineSchema = Type.Object({
  kind: Type.Enum(DIFF_LINE_KINDS),
  /** 1-based line number on the old side (null when the line is not there). */
  oldLine: Type.Union([Type.Integer(), Type.Null()]),
  newLine: Type.Union([Type.Integer(), Type.Null()]),
  old: Type.Array(DiffSegmentSchema),
  new: Type.Array(DiffSegmentSchema),
  count: Type.Optional(Type.Integer()),
});
export type DiffLine = Static<typeof DiffLineSchema>;

export const READING_CHANGE_KINDS = ["added", "removed", "changed"] as const;

/**
 * A Mauro-TeX variant (`\VV{{A/B:r}{C:s}}` and the like) that a diff touches: which readings of
 * which witnesses changed.
 */
export const ReadingChangeSchema = Type.Object({
  kind: Type.Enum(READING_CHANGE_KINDS),
  /** The macro, with its backslash (`\VV`). */
  macro: Type.String(),
  /** Line of the variant (new side; the old side for a removed one). */
  line: Type.Integer(),
  /** The witnesses whose reading differs between the two sides. */
  sigla: Type.Array(Type.String()),
  /** For each of those sigla, its reading before and after (null: no reading on that side). */
  readings: Type.Array(
    Type.Object({
      siglum: Type.String(),
      old: Type.Union([Type.String(), Type.Null()]),
      new: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type ReadingChange = Static<typeof ReadingChangeSchema>;

/** GET /api/history/{path}?diff=A,B */
export const HistoryDiffSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** True when one side is not text: no lines are compared. */
  binary: Type.Boolean(),
  lines: Type.Array(DiffLineSchema),
  /** Mauro-TeX variants whose readings changed (empty for other files). */
  readings: Type.Array(ReadingChangeSchema),
});
export type HistoryDiff = Static<typeof HistoryDiffSchema>;

/** Versions kept of overwritten files (global settings). */
export const VersionSettingsSchema = Type.Object({
  /** False: no version is kept. */
  enabled: Type.Boolean(),
  /** Files larger than this (bytes) keep no versions. */
  maxFileBytes: Type.Integer({ minimum: 0 }),
  /** Days an unlabelled version is kept at most; 0: no limit beyond the thinning. */
  maxAgeDays: Type.Integer({ minimum: 0, maximum: 36500 }),
  /**
   * Share (percent) of the bytes of the files folder that versions may take on disk (versions
   * belong to files, which several users may see, not to one user); 0: no limit.
   */
  maxSharePercent: Type.Integer({ minimum: 0, maximum: 1000 }),
  /**
   * Output folders of the edition tools whose files keep versions (a regular expression matched
   * against the folder's path; empty: tool outputs keep none).
   */
  toolOutputFolders: Type.String({ maxLength: 1000 }),
});
export type VersionSettings = Static<typeof VersionSettingsSchema>;

export const VERSION_DEFAULTS: VersionSettings = {
  enabled: true,
  maxFileBytes: 100 * 1024 * 1024,
  maxAgeDays: 0,
  maxSharePercent: 50,
  toolOutputFolders: "",
};
