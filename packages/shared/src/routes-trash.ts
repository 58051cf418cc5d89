import {
  emptyResponse,
  errorResponses,
  jsonResponse,
  type RouteContract,
} from "./route-contract.js";
import {
  TrashIdParamsSchema,
  TrashListQuerySchema,
  TrashListSchema,
  TrashRestoreAnswerSchema,
} from "./schemas/trash.js";

/** Route contracts of the trash (deleted files kept for the settings' `trash.days`). */
export const trashRoutes = {
  listTrash: {
    method: "GET",
    url: "/api/trash",
    auth: "user",
    tag: "trash",
    summary: "The caller's deleted items, newest first",
    description:
      "An admin may add `?user=ID` for another user's trash. Items whose original path the owner's rules now deny are left out.",
    schema: { querystring: TrashListQuerySchema, response: { 200: TrashListSchema } },
    responses: {
      200: jsonResponse(TrashListSchema, "The items"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  restoreTrash: {
    method: "POST",
    url: "/api/trash/:id/restore",
    auth: "user",
    tag: "trash",
    summary: "Put a deleted item back where it was",
    description:
      'Needs `create`. The parent folders are made again when missing; when the name is taken the item lands beside it as "name (restored)", "name (restored 2)"…',
    schema: { params: TrashIdParamsSchema, response: { 200: TrashRestoreAnswerSchema } },
    responses: {
      200: jsonResponse(TrashRestoreAnswerSchema, "Where it landed"),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  },
  deleteTrashItem: {
    method: "DELETE",
    url: "/api/trash/:id",
    auth: "user",
    tag: "trash",
    summary: "Delete an item of the trash for ever",
    description: "Needs `delete`.",
    schema: { params: TrashIdParamsSchema },
    responses: { 204: emptyResponse("Deleted"), ...errorResponses(400, 401, 403, 404) },
  },
  emptyTrash: {
    method: "DELETE",
    url: "/api/trash",
    auth: "user",
    tag: "trash",
    summary: "Delete every item of the caller's trash for ever",
    description: "Needs `delete`.",
    schema: {},
    responses: { 204: emptyResponse("Emptied"), ...errorResponses(401, 403) },
  },
} as const satisfies Record<string, RouteContract>;
