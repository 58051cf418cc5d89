import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import { wildcardPath } from "../../lib/route-params.js";
import type { SynctexService } from "./synctex.service.js";

/** GET /api/synctex/{pdf}: `?page&x&y` → the source line; `?file&line` → places in the PDF. */
export function synctexRoutes(synctex: SynctexService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.synctex, async ({ user, request }) =>
      synctex.query(user, wildcardPath(request.params), request.query),
    );
  };
}
