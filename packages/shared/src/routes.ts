import { Type } from "typebox";
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
import { ErrorBodySchema } from "./schemas/error-body.js";
import { ToolRunResultSchema } from "./schemas/tools.js";
import { SettingsAnswerSchema, SettingsBodySchema } from "./schemas/settings.js";
import {
  bytesResponse,
  emptyResponse,
  errorResponses,
  jsonResponse,
  textResponse,
  type RouteContract,
} from "./route-contract.js";

export * from "./route-contract.js";
import {
  FILE_HEADERS,
  RangeHeaders,
  UploadLengthHeaders,
  UploadOffsetHeaders,
} from "./route-headers.js";
import { shareRoutes } from "./routes-shares.js";
import { searchRoutes } from "./routes-search.js";
import { adminRoutes } from "./routes-admin.js";
import { trashRoutes } from "./routes-trash.js";
import { historyRoutes } from "./routes-history.js";
import { activityRoutes } from "./routes-activity.js";
import { toolRoutes } from "./routes-tools.js";
import { appPasswordRoutes } from "./routes-app-passwords.js";
import { operationsRoutes } from "./routes-operations.js";

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const HealthSchema = Type.Object({ status: Type.String() });

const SAVED = textResponse("Done: the body is `200 OK`");

/** Route contracts of the API, keyed by a stable name. Paths are relative to the base URL. */
export const routes = {
  login: {
    method: "POST",
    url: "/api/login",
    auth: "none",
    tag: "auth",
    summary: "Log in and get a session token",
    description: "With the `json` auth method the body carries the credentials (and reCAPTCHA).",
    schema: { body: LoginBodySchema },
    responses: { 200: textResponse("The session token (a JWT)"), ...errorResponses(400, 403, 429) },
  },
  signup: {
    method: "POST",
    url: "/api/signup",
    auth: "none",
    tag: "auth",
    summary: "Create an account (when signup is enabled)",
    schema: { body: SignupBodySchema },
    responses: { 200: SAVED, ...errorResponses(400, 405, 409, 429) },
  },
  renew: {
    method: "POST",
    url: "/api/renew",
    auth: "user",
    tag: "auth",
    summary: "Exchange the session token for a fresh one",
    schema: {},
    responses: {
      200: textResponse("The new token", { "X-Renew-Token": "false" }),
      ...errorResponses(401),
    },
  },
  logout: {
    method: "POST",
    url: "/api/logout",
    auth: "user",
    tag: "auth",
    summary: "End the session (its token stops working)",
    schema: {},
    responses: { 204: emptyResponse("Logged out"), ...errorResponses(401) },
  },
  getUser: {
    method: "GET",
    url: "/api/users/:id",
    auth: "user",
    tag: "users",
    summary: "A user (yourself, or anyone for an administrator)",
    schema: { params: UserIdParams, response: { 200: UserSchema, "4xx": ErrorBodySchema } },
    responses: { 200: jsonResponse(UserSchema, "The user"), ...errorResponses(400, 401, 403, 404) },
  },
  updateUser: {
    method: "PUT",
    url: "/api/users/:id",
    auth: "user",
    tag: "users",
    summary: "Change the fields named in `which` of a user",
    schema: { params: UserIdParams, body: UserUpdateSchema },
    responses: { 200: SAVED, ...errorResponses(400, 401, 403, 404, 409) },
  },
  usage: {
    method: "GET",
    url: "/api/usage/*",
    auth: "user",
    tag: "resources",
    summary:
      "Bytes used and available in the user's scope (the volume's for a user of the whole root)",
    schema: { response: { 200: UsageSchema } },
    responses: { 200: jsonResponse(UsageSchema, "Bytes"), ...errorResponses(401, 403, 404) },
  },
  getResource: {
    method: "GET",
    url: "/api/resources/*",
    auth: "user",
    tag: "resources",
    summary: "File info or folder listing",
    description: "`checksum=md5|sha1|sha256|sha512` adds a checksum of a file.",
    schema: { querystring: ResourceQuerySchema, response: { 200: ResourceSchema } },
    responses: {
      200: jsonResponse(ResourceSchema, "The file or folder"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  createResource: {
    method: "POST",
    url: "/api/resources/*",
    auth: "user",
    tag: "resources",
    summary: "Create a folder (path ends with /) or a file from the body",
    description: "An existing file is 409 unless `override=true`. The body streams to disk.",
    bodyType: "application/octet-stream",
    schema: { querystring: CreateResourceQuerySchema },
    responses: {
      200: textResponse("Created: the body is `200 OK`", { ETag: "Of a new file" }),
      ...errorResponses(400, 401, 403, 409, 507),
    },
  },
  saveResource: {
    method: "PUT",
    url: "/api/resources/*",
    auth: "user",
    tag: "resources",
    summary: "Replace a file's content with the body",
    bodyType: "application/octet-stream",
    schema: {},
    responses: {
      200: textResponse("Saved: the body is `200 OK`", { ETag: "Of the saved file" }),
      ...errorResponses(400, 401, 403, 404, 507),
    },
  },
  deleteResource: {
    method: "DELETE",
    url: "/api/resources/*",
    auth: "user",
    tag: "resources",
    summary: "Delete a file or a folder with its content",
    schema: {},
    responses: { 204: emptyResponse("Deleted"), ...errorResponses(400, 401, 403, 404) },
  },
  patchResource: {
    method: "PATCH",
    url: "/api/resources/*",
    auth: "user",
    tag: "resources",
    summary: "Copy, move (rename), unzip, or run an edition tool",
    description:
      "`action=copy|rename|unzip|mauro:<tool>`; the `destination` (and a tool's `commandline`) are encoded twice. Unzip extracts into the destination's parent folder. A tool action (m2hv, m2lv, m2ledmac, pdflatex) waits for the tool and answers JSON `{ log, exitCode, ok, diagnostics, output }`; 429 when too many runs are under way, 501 when the tool is not installed.",
    schema: { querystring: PatchResourceQuerySchema },
    responses: {
      200: {
        description:
          "`200 OK` (text) for copy, rename and unzip; a tool run's result (JSON) for `mauro:*`",
        schema: ToolRunResultSchema,
      },
      ...errorResponses(400, 401, 403, 404, 409, 429, 501, 507),
    },
  },
  raw: {
    method: "GET",
    url: "/api/raw/*",
    auth: "user",
    tag: "downloads",
    summary: "Download a file, or a folder or selection as an archive",
    description:
      "Ranges and conditional requests on files; HEAD too. `files=` selects entries and `algo=` the archive format (zip, tar, targz, tarbz2, tarxz, tarlz4, tarsz).",
    headers: RangeHeaders,
    schema: { querystring: RawQuerySchema },
    responses: {
      200: bytesResponse("The bytes", "application/octet-stream", FILE_HEADERS),
      206: bytesResponse("The requested range", "application/octet-stream", {
        "Content-Range": "The range sent",
      }),
      304: emptyResponse("The cached copy is current"),
      ...errorResponses(400, 401, 403, 404, 412, 416),
    },
  },
  rawInline: {
    method: "GET",
    url: "/api/raw-inline/*",
    auth: "user",
    tag: "downloads",
    summary: "Redirect to a sandboxed, capability-authorised URL of a file",
    schema: {},
    responses: {
      302: emptyResponse("Go to the inline URL", { Location: "/api/inline/{capability}/…" }),
      ...errorResponses(401, 403, 404),
    },
  },
  inline: {
    method: "GET",
    url: "/api/inline/:capability/*",
    auth: "none",
    tag: "downloads",
    summary: "A file inside the capability's folder, in a script sandbox",
    description: "The capability in the path authorises the request: no login.",
    headers: RangeHeaders,
    schema: { params: InlineParamsSchema },
    responses: {
      200: bytesResponse("The bytes", "application/octet-stream", {
        "Content-Security-Policy": "sandbox",
      }),
      302: emptyResponse("A folder: go to its index page"),
      ...errorResponses(403, 404),
    },
  },
  preview: {
    method: "GET",
    url: "/api/preview/:size/*",
    auth: "user",
    tag: "downloads",
    summary: "An image as a 256×256 thumbnail (`thumb`) or fitting 1080×1080 (`big`)",
    headers: RangeHeaders,
    schema: { params: PreviewParamsSchema, querystring: DownloadQuerySchema },
    responses: {
      200: bytesResponse("The image (JPEG when resized)", "image/jpeg", FILE_HEADERS),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  subtitle: {
    method: "GET",
    url: "/api/subtitle/*",
    auth: "user",
    tag: "downloads",
    summary: "A subtitle file (.vtt, .srt, .ass, .ssa) as WebVTT",
    schema: { querystring: DownloadQuerySchema },
    responses: {
      200: bytesResponse("The subtitles", "text/vtt", FILE_HEADERS),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  tusCreate: {
    method: "POST",
    url: "/api/tus/*",
    auth: "user",
    tag: "uploads",
    summary: "Start a resumable upload",
    description: "An existing file is 409 unless `override=true`.",
    headers: UploadLengthHeaders,
    schema: { querystring: CreateResourceQuerySchema },
    responses: {
      201: textResponse("Started: the body is `201 Created`"),
      ...errorResponses(400, 401, 403, 409, 423),
    },
  },
  tusOffset: {
    method: "GET",
    url: "/api/tus/*",
    auth: "user",
    tag: "uploads",
    summary: "How much of an upload has arrived (HEAD too)",
    schema: {},
    responses: {
      200: emptyResponse("The offset", {
        "Upload-Offset": "Bytes received",
        "Upload-Length": "Total size (-1 while unknown)",
        "Upload-Defer-Length": "1 while the total size is unknown",
      }),
      ...errorResponses(401, 403, 404),
    },
  },
  tusAppend: {
    method: "PATCH",
    url: "/api/tus/*",
    auth: "user",
    tag: "uploads",
    summary: "Append a chunk at Upload-Offset",
    bodyType: "application/offset+octet-stream",
    headers: UploadOffsetHeaders,
    schema: {},
    responses: {
      204: emptyResponse("Appended", { "Upload-Offset": "The new offset" }),
      ...errorResponses(400, 401, 403, 404, 409, 415, 423, 507),
    },
  },
  tusCancel: {
    method: "DELETE",
    url: "/api/tus/*",
    auth: "user",
    tag: "uploads",
    summary: "Cancel an upload and drop its bytes",
    schema: {},
    responses: { 204: emptyResponse("Cancelled"), ...errorResponses(401, 403, 404) },
  },
  getSettings: {
    method: "GET",
    url: "/api/settings",
    auth: "admin",
    tag: "settings",
    summary: "The global settings",
    schema: { response: { 200: SettingsAnswerSchema } },
    responses: {
      200: jsonResponse(SettingsAnswerSchema, "The settings, and how programs run (read-only)"),
      ...errorResponses(401, 403),
    },
  },
  updateSettings: {
    method: "PUT",
    url: "/api/settings",
    auth: "admin",
    tag: "settings",
    summary: "Replace every top-level field of the global settings",
    schema: { body: SettingsBodySchema },
    responses: { 200: SAVED, ...errorResponses(400, 401, 403) },
  },
  command: {
    method: "GET",
    url: "/api/command/*",
    auth: "user",
    tag: "shell",
    summary: "The shell: a WebSocket that runs one typed command in a folder",
    description:
      "Token in `?auth=`. Needs the server's `enableExec` and the execute permission (403 before the upgrade). The client sends one text message, the command line; output comes back as text messages as it is printed; the socket closes with 1000 on success, 1011 on failure or when killed, 1008 after `Command not allowed.`",
    schema: {},
    responses: {
      101: emptyResponse("Switching to the WebSocket protocol"),
      ...errorResponses(401, 403, 404),
    },
  },
  toolHelp: {
    method: "GET",
    url: "/api/mauro/help/:name",
    auth: "user",
    tag: "tools",
    summary: "An edition tool's help text (`<tool> -h`)",
    schema: { params: Type.Object({ name: Type.String() }) },
    responses: {
      200: textResponse("The help text, as the tool prints it"),
      ...errorResponses(401, 403, 404, 429, 501),
    },
  },
  health: {
    method: "GET",
    url: "/health",
    auth: "none",
    tag: "server",
    summary: "Whether the server is up",
    schema: { response: { 200: HealthSchema } },
    responses: { 200: jsonResponse(HealthSchema, "Up") },
  },
  openapi: {
    method: "GET",
    url: "/api/openapi.json",
    auth: "none",
    tag: "server",
    summary: "This API's OpenAPI 3.1 document, generated from the route contracts",
    schema: {},
    responses: { 200: { description: "The document", contentType: "application/json" } },
  },
  staticFile: {
    method: "GET",
    url: "/static/*",
    auth: "none",
    tag: "server",
    summary: "A file of the web app (branding overrides first)",
    schema: {},
    responses: { 200: bytesResponse("The file"), ...errorResponses(404) },
  },
  ...shareRoutes,
  ...searchRoutes,
  ...adminRoutes,
  ...trashRoutes,
  ...historyRoutes,
  ...activityRoutes,
  ...toolRoutes,
  ...appPasswordRoutes,
  ...operationsRoutes,
} as const satisfies Record<string, RouteContract>;

export type Routes = typeof routes;
