import { Type, type TSchema } from "typebox";
import {
  bytesResponse,
  emptyResponse,
  errorResponses,
  jsonResponse,
  textResponse,
  type RouteContract,
} from "./route-contract.js";
import {
  FILE_HEADERS,
  RangeHeaders,
  UploadLengthHeaders,
  UploadOffsetHeaders,
} from "./route-headers.js";
import {
  CreateShareBodySchema,
  PublicDownloadQuerySchema,
  PublicQuerySchema,
  PublicShareSchema,
  ShareActivityListSchema,
  ShareHashParamsSchema,
  ShareListSchema,
  ShareSchema,
} from "./schemas/share.js";
import { CreateResourceQuerySchema } from "./schemas/resource.js";

const PasswordHeader = Type.Object({
  "X-SHARE-PASSWORD": Type.Optional(
    Type.String({ description: "The link's password, percent-encoded (password links only)" }),
  ),
});

/** A route's headers plus the password header. */
const withPassword = (headers: { properties: Record<string, TSchema> }) =>
  Type.Object({ ...PasswordHeader.properties, ...headers.properties });

const PUBLIC_GATE =
  "No login. A password link needs `X-SHARE-PASSWORD` or `?token=` (401 otherwise); an unknown or expired link is 404, one past its download limit 410. The owner's current share and download permissions, rules and scope are checked on every request.";

/** Route contracts of share links (API.md Part A §12, §19, Part B §7). */
export const shareRoutes = {
  listShares: {
    method: "GET",
    url: "/api/shares",
    auth: "user",
    tag: "shares",
    summary: "Share links: one's own, or every link with its owner's name for admins",
    schema: { response: { 200: ShareListSchema } },
    responses: { 200: jsonResponse(ShareListSchema, "The links"), ...errorResponses(401, 403) },
  },
  shareActivity: {
    method: "GET",
    url: "/api/shares/:hash/activity",
    auth: "user",
    tag: "shares",
    summary: "What visitors uploaded to (or downloaded from) a link, newest first",
    description: "The owner of the link or an admin.",
    schema: { params: ShareHashParamsSchema, response: { 200: ShareActivityListSchema } },
    responses: {
      200: jsonResponse(ShareActivityListSchema, "The activity"),
      ...errorResponses(401, 403, 404),
    },
  },
  getShares: {
    method: "GET",
    url: "/api/share/*",
    auth: "user",
    tag: "shares",
    summary: "The caller's links to exactly this path (trailing slash included)",
    schema: { response: { 200: ShareListSchema } },
    responses: { 200: jsonResponse(ShareListSchema, "The links"), ...errorResponses(401, 403) },
  },
  createShare: {
    method: "POST",
    url: "/api/share/*",
    auth: "user",
    tag: "shares",
    summary: "Create a link to a file or folder",
    description:
      "`expires` (digits, 0..2147483647) with `unit` (seconds, minutes, hours, days; default hours); `password` (trimmed, hashed with Argon2id); `mode` `read` (default) or `upload` (a drop box, folders only); `maxDownloads`, and for drop boxes `maxUploadBytes` and `maxUploads` (0 or empty: no limit). The query `?expires=&unit=` File Browser's client appends is ignored.",
    schema: { body: CreateShareBodySchema, response: { 200: ShareSchema } },
    responses: {
      200: jsonResponse(ShareSchema, "The new link"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  deleteShare: {
    method: "DELETE",
    url: "/api/share/*",
    auth: "user",
    tag: "shares",
    summary: "Delete a link by its hash (the owner or an admin)",
    schema: {},
    responses: { 200: textResponse("Deleted"), ...errorResponses(400, 401, 403, 404) },
  },
  publicShare: {
    method: "GET",
    url: "/api/public/share/*",
    auth: "none",
    tag: "shares",
    summary: "A link's file info or folder listing (a drop box: its info only)",
    description: PUBLIC_GATE,
    headers: PasswordHeader,
    schema: { querystring: PublicQuerySchema, response: { 200: PublicShareSchema } },
    responses: {
      200: jsonResponse(PublicShareSchema, "What the link shows"),
      ...errorResponses(400, 401, 403, 404, 410, 429),
    },
  },
  publicDownload: {
    method: "GET",
    url: "/api/public/dl/*",
    auth: "none",
    tag: "shares",
    summary: "Download a shared file, or a shared folder or selection as an archive",
    description: `${PUBLIC_GATE} Ranges and conditional requests on files; \`files=\` and \`algo=\` as /api/raw.`,
    headers: withPassword(RangeHeaders),
    schema: { querystring: PublicDownloadQuerySchema },
    responses: {
      200: bytesResponse("The bytes", "application/octet-stream", FILE_HEADERS),
      206: bytesResponse("The requested range", "application/octet-stream", {
        "Content-Range": "The range sent",
      }),
      304: emptyResponse("The cached copy is current"),
      ...errorResponses(400, 401, 403, 404, 410, 416, 429),
    },
  },
  publicInline: {
    method: "GET",
    url: "/api/public-inline/dl/*",
    auth: "none",
    tag: "shares",
    summary: "Open a shared file in a script sandbox; a folder redirects to its index.html",
    description: `${PUBLIC_GATE} Folder links redirect to a capability URL so relative links keep working. Text a browser would download (\`.tex\`, \`.md\`) comes as \`text/plain; charset=utf-8\`. \`view=read\` (the share page's reading view of HTML): a CSP sandbox without scripts, kept by the capability for the folder's pages.`,
    headers: withPassword(RangeHeaders),
    schema: { querystring: PublicQuerySchema },
    responses: {
      200: bytesResponse("The bytes", "application/octet-stream", {
        "Content-Security-Policy": "sandbox",
      }),
      302: emptyResponse("A folder: go to its inline index page"),
      ...errorResponses(401, 403, 404, 410, 429),
    },
  },
  publicTusCreate: {
    method: "POST",
    url: "/api/public/tus/*",
    auth: "none",
    tag: "shares",
    summary: "Drop box: start a resumable upload of `{hash}/{name}`",
    description:
      "Upload links only. `Upload-Length` is required; an existing name is 409 (a drop box never overwrites); 413 over the link's size limit, 403 when the box is full. `Upload-Metadata` may carry `uploader` (the visitor's name, base64).",
    headers: withPassword(UploadLengthHeaders),
    schema: { querystring: CreateResourceQuerySchema },
    responses: {
      201: textResponse("Started"),
      ...errorResponses(400, 401, 403, 404, 409, 413, 423, 429),
    },
  },
  publicTusOffset: {
    method: "GET",
    url: "/api/public/tus/*",
    auth: "none",
    tag: "shares",
    summary: "Drop box: how much of one's upload has arrived (HEAD too)",
    headers: PasswordHeader,
    schema: {},
    responses: {
      200: emptyResponse("The offset", { "Upload-Offset": "Bytes received" }),
      ...errorResponses(401, 403, 404),
    },
  },
  publicTusAppend: {
    method: "PATCH",
    url: "/api/public/tus/*",
    auth: "none",
    tag: "shares",
    summary: "Drop box: append a chunk at Upload-Offset",
    bodyType: "application/offset+octet-stream",
    headers: withPassword(UploadOffsetHeaders),
    schema: {},
    responses: {
      204: emptyResponse("Appended", { "Upload-Offset": "The new offset" }),
      ...errorResponses(400, 401, 403, 404, 409, 415, 423, 507),
    },
  },
  publicTusCancel: {
    method: "DELETE",
    url: "/api/public/tus/*",
    auth: "none",
    tag: "shares",
    summary: "Drop box: cancel one's upload in progress (never deletes a file)",
    headers: PasswordHeader,
    schema: {},
    responses: { 204: emptyResponse("Cancelled"), ...errorResponses(401, 403, 404) },
  },
} as const satisfies Record<string, RouteContract>;
