import { Type, type Static } from "typebox";
import { SortingSchema } from "./user.js";

export const RESOURCE_TYPES = [
  "",
  "text",
  "textImmutable",
  "image",
  "audio",
  "video",
  "pdf",
  "blob",
  "invalid_link",
] as const;
/** `""` for folders; files get one of the detected types (API.md §2.3). */
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const CHECKSUM_ALGORITHMS = ["md5", "sha1", "sha256", "sha512"] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

export const ResolutionSchema = Type.Object({ width: Type.Integer(), height: Type.Integer() });

const commonFields = {
  /** For the resource itself: the request path echoed back; for items: the cleaned user path. */
  path: Type.String(),
  name: Type.String(),
  /** Bytes; for folders the directory entry's own size. */
  size: Type.Number(),
  /** From the last dot of the name, dot included ("" when none). */
  extension: Type.String(),
  /** RFC 3339 with nanoseconds and zone offset. */
  modified: Type.String(),
  /** Go FileMode bits (dir = 1<<31, symlink = 1<<27, permissions in the low 9 bits). */
  mode: Type.Number(),
  isDir: Type.Boolean(),
  isSymlink: Type.Boolean(),
  type: Type.Enum(RESOURCE_TYPES),
  /** Video only: user paths of matching subtitle files. */
  subtitles: Type.Optional(Type.Array(Type.String())),
  /** Images whose header decodes. */
  resolution: Type.Optional(ResolutionSchema),
};

/** One entry of a folder listing (SPEC.md §3 Item, without the client-side url/index). */
export const ItemSchema = Type.Object(commonFields);
export type Item = Static<typeof ItemSchema>;

/** GET /api/resources{path}: a file's info or a folder's listing (API.md §2.2). */
export const ResourceSchema = Type.Object({
  ...commonFields,
  items: Type.Optional(Type.Array(ItemSchema)),
  numDirs: Type.Optional(Type.Integer()),
  numFiles: Type.Optional(Type.Integer()),
  sorting: Type.Optional(SortingSchema),
  /** Text files up to 10 MiB, omitted when empty or when checksums were asked for. */
  content: Type.Optional(Type.String()),
  checksums: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type Resource = Static<typeof ResourceSchema>;

export const ResourceQuerySchema = Type.Object({
  checksum: Type.Optional(Type.String()),
});

export const CreateResourceQuerySchema = Type.Object({
  override: Type.Optional(Type.String()),
});

/** PATCH /api/resources{path}: the action and its options. */
export const PatchResourceQuerySchema = Type.Object({
  action: Type.String(),
  destination: Type.Optional(Type.String()),
  override: Type.Optional(Type.String()),
  rename: Type.Optional(Type.String()),
  unzip: Type.Optional(Type.String()),
  /** `mauro:*` actions: the tool's options, encoded twice like the destination. */
  commandline: Type.Optional(Type.String()),
});
