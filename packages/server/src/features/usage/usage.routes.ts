import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { Storage } from "../../storage/storage.js";
import { diskUsage } from "./usage.service.js";

/** GET /api/usage{path}: size of the volume holding a folder of the user's scope. */
export function usageRoutes(storage: Storage) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.usage,
      config: authConfig(routes.usage),
      handler: async (request) => {
        const fs = await storage.forUser(requireAuth(request).user);
        return diskUsage(fs, wildcardPath(request.params));
      },
    });
  };
}
