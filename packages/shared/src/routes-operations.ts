import { Type } from "typebox";
import {
  errorResponses,
  jsonResponse,
  textResponse,
  type RouteContract,
} from "./route-contract.js";

const ReadySchema = Type.Object({
  status: Type.String(),
  database: Type.String(),
  files: Type.String(),
});

/**
 * Route contracts an operator's tools call: readiness for a load balancer, metrics for
 * Prometheus. Neither needs a session; `/metrics` checks its own bearer token.
 */
export const operationsRoutes = {
  ready: {
    method: "GET",
    url: "/ready",
    auth: "none",
    tag: "server",
    summary: "Whether this instance can serve requests (database and files reachable)",
    description:
      'Each check is `"ok"` or `"failed"`; 503 when one failed or when the server is shutting down (`status` is then `"shutting down"`). Never cached.',
    schema: { response: { 200: ReadySchema, 503: ReadySchema } },
    responses: {
      200: jsonResponse(ReadySchema, "Ready"),
      503: jsonResponse(ReadySchema, "Not ready: which check failed, or shutting down"),
    },
  },
  metrics: {
    method: "GET",
    url: "/metrics",
    auth: "none",
    tag: "server",
    summary: "Prometheus metrics of this instance",
    description:
      "Off (404) unless the server runs with `--metrics-token`; then the request must carry `Authorization: Bearer <token>` (401 otherwise). Labels hold route patterns, never a request's path.",
    schema: {},
    responses: {
      200: textResponse("The metrics in Prometheus' text format"),
      ...errorResponses(401, 404),
    },
  },
} as const satisfies Record<string, RouteContract>;
