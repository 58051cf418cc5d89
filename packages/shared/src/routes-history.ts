import {
  emptyResponse,
  errorResponses,
  jsonResponse,
  type RouteContract,
} from "./route-contract.js";
import {
  HistoryQuerySchema,
  VersionLabelBodySchema,
  VersionListSchema,
  VersionRestoreAnswerSchema,
} from "./schemas/history.js";

/** Route contracts of the version history of files (File Browser has none). */
export const historyRoutes = {
  getHistory: {
    method: "GET",
    url: "/api/history/*",
    auth: "user",
    tag: "history",
    summary: "A file's earlier versions, one version's bytes, or a diff of two",
    description:
      "Without a query: the versions, newest first. `?version=ID`: that version's bytes (as `/api/raw` sends a file; `&download=1` as an attachment). `?diff=ID1,ID2` (`current` for the file as it is): the changed lines with their changed words and, for Mauro-TeX, the readings that changed with their sigla (413 when a side is larger than 5 MiB; `binary: true` without lines when a side is not UTF-8 text).",
    schema: { querystring: HistoryQuerySchema },
    responses: {
      200: jsonResponse(VersionListSchema, "The versions (or a version's bytes, or a diff)"),
      // 413: a side of a diff larger than 5 MiB.
      ...errorResponses(400, 401, 403, 404, 413),
    },
  },
  restoreVersion: {
    method: "POST",
    url: "/api/history/*",
    auth: "user",
    tag: "history",
    summary: "Restore a version (`?version=ID&action=restore`)",
    description:
      "Needs `modify`. The file's present content becomes a new version first, so a restore can itself be undone.",
    schema: { querystring: HistoryQuerySchema, response: { 200: VersionRestoreAnswerSchema } },
    responses: {
      200: jsonResponse(VersionRestoreAnswerSchema, "The restored file"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  labelVersion: {
    method: "PUT",
    url: "/api/history/*",
    auth: "user",
    tag: "history",
    summary: "Name a version (`?version=ID`, body `{ label }`; empty removes the name)",
    description: "Needs `modify`. A labelled version is kept until it is deleted.",
    schema: { querystring: HistoryQuerySchema, body: VersionLabelBodySchema },
    responses: { 204: emptyResponse("Saved"), ...errorResponses(400, 401, 403, 404) },
  },
} as const satisfies Record<string, RouteContract>;
