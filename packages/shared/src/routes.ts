import { Type, type TSchema } from "typebox";
import { LoginBodySchema, SignupBodySchema } from "./schemas/auth.js";
import { UserSchema, UserUpdateSchema } from "./schemas/user.js";
import { UsageSchema } from "./schemas/usage.js";
import {
  CreateResourceQuerySchema,
  PatchResourceQuerySchema,
  ResourceQuerySchema,
  ResourceSchema,
} from "./schemas/resource.js";
import {
  DownloadQuerySchema,
  InlineParamsSchema,
  RawQuerySchema,
  PreviewParamsSchema,
} from "./schemas/download.js";
import { ErrorBodySchema } from "./errors.js";
import { SettingsBodySchema, SettingsSchema } from "./schemas/settings.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** One route's contract: the server spreads it into its route options, the client calls it. */
export interface RouteContract {
  method: HttpMethod;
  url: string;
  schema: {
    body?: TSchema;
    params?: TSchema;
    querystring?: TSchema;
    response?: Record<number | `${number}xx`, TSchema>;
  };
}

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Route contracts of the API, keyed by a stable name. Paths are relative to the base URL. */
export const routes = {
  login: { method: "POST", url: "/api/login", schema: { body: LoginBodySchema } },
  signup: { method: "POST", url: "/api/signup", schema: { body: SignupBodySchema } },
  renew: { method: "POST", url: "/api/renew", schema: {} },
  logout: { method: "POST", url: "/api/logout", schema: {} },
  getUser: {
    method: "GET",
    url: "/api/users/:id",
    schema: { params: UserIdParams, response: { 200: UserSchema, "4xx": ErrorBodySchema } },
  },
  updateUser: {
    method: "PUT",
    url: "/api/users/:id",
    schema: { params: UserIdParams, body: UserUpdateSchema },
  },
  usage: {
    method: "GET",
    url: "/api/usage/*",
    schema: { response: { 200: UsageSchema } },
  },
  /** File info or folder listing; `?checksum=` adds a checksum. */
  getResource: {
    method: "GET",
    url: "/api/resources/*",
    schema: { querystring: ResourceQuerySchema, response: { 200: ResourceSchema } },
  },
  /** New folder (path ends with "/") or file (raw body, streamed); 409 unless override=true. */
  createResource: {
    method: "POST",
    url: "/api/resources/*",
    schema: { querystring: CreateResourceQuerySchema },
  },
  /** Saves a file's content (raw body, streamed). */
  saveResource: { method: "PUT", url: "/api/resources/*", schema: {} },
  deleteResource: { method: "DELETE", url: "/api/resources/*", schema: {} },
  /**
   * Copy, move (rename) or unzip (extract into the destination's parent folder) a file or
   * folder; the destination is encoded twice (API.md §2.9).
   */
  patchResource: {
    method: "PATCH",
    url: "/api/resources/*",
    schema: { querystring: PatchResourceQuerySchema },
  },
  /** A file's bytes (ranges, conditionals; HEAD too); a folder or `files=` selection as an archive. */
  raw: {
    method: "GET",
    url: "/api/raw/*",
    schema: { querystring: RawQuerySchema },
  },
  /** Redirects to a sandboxed, capability-authorised URL of the file (API.md Part A §11). */
  rawInline: { method: "GET", url: "/api/raw-inline/*", schema: {} },
  /** Serves a file inside the capability's folder; needs no login. */
  inline: {
    method: "GET",
    url: "/api/inline/:capability/*",
    schema: { params: InlineParamsSchema },
  },
  /** An image resized to a 256×256 JPEG thumbnail (`thumb`) or to fit 1080×1080 (`big`). */
  preview: {
    method: "GET",
    url: "/api/preview/:size/*",
    schema: { params: PreviewParamsSchema, querystring: DownloadQuerySchema },
  },
  /** A subtitle file (.vtt, .srt, .ass, .ssa) as WebVTT. */
  subtitle: {
    method: "GET",
    url: "/api/subtitle/*",
    schema: { querystring: DownloadQuerySchema },
  },
  /** Resumable upload (tus subset, API.md §6): POST starts it, with an Upload-Length header. */
  tusCreate: {
    method: "POST",
    url: "/api/tus/*",
    schema: { querystring: CreateResourceQuerySchema },
  },
  /** HEAD (or GET): Upload-Offset and Upload-Length headers. */
  tusOffset: { method: "GET", url: "/api/tus/*", schema: {} },
  /** Appends a chunk at Upload-Offset; body application/offset+octet-stream. */
  tusAppend: { method: "PATCH", url: "/api/tus/*", schema: {} },
  tusCancel: { method: "DELETE", url: "/api/tus/*", schema: {} },
  /** Global settings (admin only, API.md §8.4). */
  getSettings: {
    method: "GET",
    url: "/api/settings",
    schema: { response: { 200: SettingsSchema } },
  },
  /** Replaces every top-level field of the global settings (admin only). */
  updateSettings: { method: "PUT", url: "/api/settings", schema: { body: SettingsBodySchema } },
  health: {
    method: "GET",
    url: "/health",
    schema: { response: { 200: Type.Object({ status: Type.String() }) } },
  },
} as const satisfies Record<string, RouteContract>;

export type Routes = typeof routes;
