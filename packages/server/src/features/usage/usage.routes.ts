import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { ResourcesService } from "../resources/resources.service.js";
import { diskUsage } from "./usage.service.js";

/** GET /api/usage{path}: size of the volume holding a folder of the user's scope. */
export function usageRoutes(resources: ResourcesService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.usage,
      config: { auth: true },
      handler: async (request) => {
        const fs = await resources.userFs(requireAuth(request).user);
        return diskUsage(fs, wildcardPath(request.params));
      },
    });
  };
}
