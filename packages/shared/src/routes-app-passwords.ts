import {
  emptyResponse,
  errorResponses,
  jsonResponse,
  type RouteContract,
} from "./route-contract.js";
import {
  AppPasswordCreateSchema,
  AppPasswordCreatedSchema,
  AppPasswordIdParamsSchema,
  AppPasswordListSchema,
} from "./schemas/app-passwords.js";

/** Route contracts of app passwords (the credentials WebDAV clients log in with). */
export const appPasswordRoutes = {
  listAppPasswords: {
    method: "GET",
    url: "/api/app-passwords",
    auth: "user",
    tag: "app-passwords",
    summary: "The caller's app passwords (never their secrets)",
    schema: { response: { 200: AppPasswordListSchema } },
    responses: {
      200: jsonResponse(AppPasswordListSchema, "The app passwords, newest first"),
      ...errorResponses(401),
    },
  },
  createAppPassword: {
    method: "POST",
    url: "/api/app-passwords",
    auth: "user",
    tag: "app-passwords",
    summary: "Create an app password for a WebDAV client",
    description:
      "Answers the password once; only its hash is kept. `readOnly` passwords may read but never change files.",
    schema: { body: AppPasswordCreateSchema, response: { 201: AppPasswordCreatedSchema } },
    responses: {
      201: jsonResponse(AppPasswordCreatedSchema, "The new app password"),
      ...errorResponses(400, 401, 403),
    },
  },
  deleteAppPassword: {
    method: "DELETE",
    url: "/api/app-passwords/:id",
    auth: "user",
    tag: "app-passwords",
    summary: "Revoke one of the caller's app passwords",
    schema: { params: AppPasswordIdParamsSchema },
    responses: { 204: emptyResponse("Revoked"), ...errorResponses(400, 401, 404) },
  },
} as const satisfies Record<string, RouteContract>;
