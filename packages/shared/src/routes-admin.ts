import { Type } from "typebox";
import {
  emptyResponse,
  errorResponses,
  jsonResponse,
  textResponse,
  type RouteContract,
} from "./route-contract.js";
import {
  RulesPreviewBodySchema,
  RulesPreviewSchema,
  ServerSettingsBodySchema,
  ServerSettingsSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  SessionsEndedSchema,
} from "./schemas/admin.js";
import { UserListSchema, UserUpdateSchema } from "./schemas/user.js";

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Route contracts of administration: users, sessions, rules preview, server settings. */
export const adminRoutes = {
  listUsers: {
    method: "GET",
    url: "/api/users",
    auth: "admin",
    tag: "users",
    summary: "Every user, by id (passwords blanked)",
    schema: { response: { 200: UserListSchema } },
    responses: { 200: jsonResponse(UserListSchema, "The users"), ...errorResponses(401, 403) },
  },
  createUser: {
    method: "POST",
    url: "/api/users",
    auth: "admin",
    tag: "users",
    summary: "Create a user from the modify envelope (`which` empty)",
    description:
      "`data.password` must be set and long enough; the username is unique without regard to case (after Unicode NFC), 409 otherwise; an empty scope with `createUserDir` on gives a home folder. The scope folder is created. Answers 201 with `Location: /settings/users/{id}` (a page of the web app).",
    schema: { body: UserUpdateSchema },
    responses: {
      201: textResponse("Created: the body is `201 Created`", {
        Location: "/settings/users/{id}",
      }),
      ...errorResponses(400, 401, 403, 409),
    },
  },
  deleteUser: {
    method: "DELETE",
    url: "/api/users/:id",
    auth: "admin",
    tag: "users",
    summary: "Delete a user (administrators only)",
    description:
      "The last administrator cannot be deleted (400). The user's sessions end and their share links are deleted; their files stay. File Browser also lets a user delete themself; Scriptorium does not (403), so a stolen token cannot erase an account.",
    schema: { params: UserIdParams },
    responses: {
      200: textResponse("Deleted: the body is `200 OK`"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  rulesPreview: {
    method: "POST",
    url: "/api/rules/preview",
    auth: "admin",
    tag: "users",
    summary: "What a set of rules would hide in a scope",
    description:
      "Walks the scope (up to 50,000 entries) and lists the entries the rules deny, folders without their content. Invalid regular expressions are 400 with their position.",
    schema: { body: RulesPreviewBodySchema, response: { 200: RulesPreviewSchema } },
    responses: {
      200: jsonResponse(RulesPreviewSchema, "The hidden entries"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  listSessions: {
    method: "GET",
    url: "/api/sessions",
    auth: "user",
    tag: "sessions",
    summary: "One's active sessions (device, address, last use)",
    schema: { response: { 200: SessionListSchema } },
    responses: { 200: jsonResponse(SessionListSchema, "The sessions"), ...errorResponses(401) },
  },
  endOtherSessions: {
    method: "DELETE",
    url: "/api/sessions",
    auth: "user",
    tag: "sessions",
    summary: "End every session of one's own except this one",
    schema: { response: { 200: SessionsEndedSchema } },
    responses: { 200: jsonResponse(SessionsEndedSchema, "How many ended"), ...errorResponses(401) },
  },
  endSession: {
    method: "DELETE",
    url: "/api/sessions/:sid",
    auth: "user",
    tag: "sessions",
    summary: "End one of one's sessions (its token stops working at once)",
    schema: { params: SessionIdParamsSchema },
    responses: { 204: emptyResponse("Ended"), ...errorResponses(401, 404) },
  },
  listUserSessions: {
    method: "GET",
    url: "/api/users/:id/sessions",
    auth: "admin",
    tag: "sessions",
    summary: "A user's active sessions",
    schema: { params: UserIdParams, response: { 200: SessionListSchema } },
    responses: {
      200: jsonResponse(SessionListSchema, "The sessions"),
      ...errorResponses(401, 403, 404),
    },
  },
  endUserSessions: {
    method: "DELETE",
    url: "/api/users/:id/sessions",
    auth: "admin",
    tag: "sessions",
    summary: "End every session of a user (the administrator's own current one is kept)",
    schema: { params: UserIdParams, response: { 200: SessionsEndedSchema } },
    responses: {
      200: jsonResponse(SessionsEndedSchema, "How many ended"),
      ...errorResponses(401, 403, 404),
    },
  },
  getServerSettings: {
    method: "GET",
    url: "/api/settings/server",
    auth: "admin",
    tag: "settings",
    summary: "Server settings that the command line sets (never the reCAPTCHA secret)",
    schema: { response: { 200: ServerSettingsSchema } },
    responses: {
      200: jsonResponse(ServerSettingsSchema, "The server settings"),
      ...errorResponses(401, 403),
    },
  },
  updateServerSettings: {
    method: "PUT",
    url: "/api/settings/server",
    auth: "admin",
    tag: "settings",
    summary: "Change the server settings that are safe to change in the browser",
    description:
      "Token lifetime (Go duration, 5 minutes to 30 days), minimum password length (8 to 128), thumbnails, preview resizing. The auth method, its header, reCAPTCHA and the shell switch stay command-line only.",
    schema: { body: ServerSettingsBodySchema },
    responses: {
      200: textResponse("Saved: the body is `200 OK`"),
      ...errorResponses(400, 401, 403),
    },
  },
} as const satisfies Record<string, RouteContract>;
