import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import { buildOpenApiDocument, type DocumentOptions } from "./openapi.document.js";

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route contract (no login). */
export function openapiRoutes(options: DocumentOptions) {
  return function register(app: FastifyInstance): void {
    // Built at its first request, not at every start (about 7 ms and 160 KB kept).
    let document: string | undefined;
    defineRoute(app, routes.openapi, ({ reply }) =>
      reply
        .type("application/json; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .send((document ??= JSON.stringify(buildOpenApiDocument(routes, options)))),
    );
  };
}
