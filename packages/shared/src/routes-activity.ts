import { errorResponses, jsonResponse, type RouteContract } from "./route-contract.js";
import {
  ActivityListSchema,
  ActivityQuerySchema,
  AuditListSchema,
  AuditQuerySchema,
} from "./schemas/activity.js";

/** Route contracts of the activity log, the audit view and live changes. */
export const activityRoutes = {
  getActivity: {
    method: "GET",
    url: "/api/activity/*",
    auth: "user",
    tag: "activity",
    summary: "What happened in a folder and below it, newest first",
    description:
      "Only what the caller may see: paths outside their scope, or that their rules deny, are never shown, not even by name.",
    schema: { querystring: ActivityQuerySchema, response: { 200: ActivityListSchema } },
    responses: {
      200: jsonResponse(ActivityListSchema, "The entries"),
      ...errorResponses(400, 401, 403, 404),
    },
  },
  audit: {
    method: "GET",
    url: "/api/audit",
    auth: "admin",
    tag: "activity",
    summary: "The whole activity log, filtered (`format=csv` to export)",
    schema: { querystring: AuditQuerySchema },
    responses: {
      200: jsonResponse(AuditListSchema, "The entries (text/csv with `format=csv`)"),
      ...errorResponses(400, 401, 403),
    },
  },
  events: {
    method: "GET",
    url: "/api/events",
    auth: "user",
    tag: "activity",
    summary: "Live changes to files, as server-sent events (`change`, data: a LiveChange)",
    description:
      "Only changes to paths the caller may see. At most 8 streams per user at once (a ninth: 429).",
    schema: {},
    responses: {
      200: { description: "An event stream", contentType: "text/event-stream" },
      ...errorResponses(401, 429),
    },
  },
} as const satisfies Record<string, RouteContract>;
