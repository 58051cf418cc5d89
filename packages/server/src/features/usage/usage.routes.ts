import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import type { UsageService } from "./usage.service.js";

/** GET /api/usage{path}: the user's scope use, or the volume's for a user of the whole root. */
export function usageRoutes(usage: UsageService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.usage, async ({ request, user }) =>
      usage.usageOf(user, wildcardPath(request.params)),
    );
  };
}
