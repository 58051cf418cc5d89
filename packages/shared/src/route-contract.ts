import type { TSchema } from "typebox";
import { ErrorBodySchema } from "./schemas/error-body.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/**
 * Who may call a route. `none`: anyone. `user`: a session token (X-Auth header, `?auth=` query,
 * or the `auth` cookie on GET and HEAD). `admin`: a token of an administrator; the token is
 * checked like `user`, and other users get 403 before the body is read or validated (the
 * server's route helper, `http/route.ts`, enforces every mode in one place).
 */
export type AuthMode = "none" | "user" | "admin";

/** One answer of a route, as documented. */
export interface ResponseContract {
  description: string;
  /** The body's JSON schema (a JSON body unless `contentType` says otherwise). */
  schema?: TSchema;
  /** Media type of a body that is not JSON: "text/plain", "application/octet-stream"… */
  contentType?: string;
  /** Response headers worth knowing, name → meaning. */
  headers?: Record<string, string>;
}

/** One route's contract: the server spreads it into its route options, the client calls it. */
export interface RouteContract {
  method: HttpMethod;
  url: string;
  /** Who may call it; the server's route helper enforces it before anything else runs. */
  auth: AuthMode;
  /** The feature the route belongs to (a group of the API reference). */
  tag: string;
  /** One line: what the route does. */
  summary: string;
  description?: string;
  /** Media type of a request body that is not JSON (streamed file bytes). */
  bodyType?: string;
  /**
   * Request headers the route reads; the service checks their values. Not in `schema`: with
   * Ajv's `removeAdditional: "all"`, a Fastify headers schema strips every header it does not
   * declare from `request.headers`.
   */
  headers?: TSchema;
  /** What Fastify validates (and, for `response`, serialises). */
  schema: {
    body?: TSchema;
    params?: TSchema;
    querystring?: TSchema;
    response?: Record<number | `${number}xx`, TSchema>;
  };
  /** Every documented answer by status: the success and the errors (ErrorBody JSON). */
  responses: Record<number, ResponseContract>;
}

/** What an error status means in general; the `message` of the body says more. */
const ERROR_MEANINGS: Record<number, string> = {
  400: "The request is invalid",
  401: "No valid session token",
  403: "Not allowed for this user",
  404: "Not found",
  405: "Not allowed on this server",
  409: "Conflicts with what exists",
  410: "Gone: the link has been used up",
  412: "A precondition failed",
  413: "Too large",
  415: "Unsupported media type",
  416: "Range not satisfiable",
  423: "Locked by another request",
  429: "Too many requests",
  500: "Internal error (the body carries a request id)",
  501: "Not implemented",
  503: "Unavailable",
  507: "No space left",
};

/** Error answers with the JSON ErrorBody, e.g. `...errorResponses(400, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, ResponseContract> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_MEANINGS[status] ?? "Error", schema: ErrorBodySchema },
    ]),
  );
}

/** A JSON success answer. */
export function jsonResponse(schema: TSchema, description: string): ResponseContract {
  return { description, schema };
}

/** A plain-text success answer ("200 OK", a token). */
export function textResponse(description: string, headers?: Record<string, string>) {
  return { description, contentType: "text/plain", headers } satisfies ResponseContract;
}

/** A bodiless answer (204, 302). */
export function emptyResponse(description: string, headers?: Record<string, string>) {
  return { description, headers } satisfies ResponseContract;
}

/** A byte-stream answer (file content, archive, image). */
export function bytesResponse(
  description: string,
  contentType = "application/octet-stream",
  headers?: Record<string, string>,
) {
  return { description, contentType, headers } satisfies ResponseContract;
}
