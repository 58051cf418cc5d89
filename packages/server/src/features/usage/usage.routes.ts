import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import type { Storage } from "../../storage/storage.js";
import { diskUsage } from "./usage.service.js";

/** GET /api/usage{path}: size of the volume holding a folder of the user's scope. */
export function usageRoutes(storage: Storage) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.usage, async ({ request, user }) =>
      diskUsage(await storage.forUser(user), wildcardPath(request.params)),
    );
  };
}
