import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { OrganiseService } from "./organise.service.js";

/** PATCH /api/resources{path}?action=copy|rename&destination=…&override=…&rename=… */
export function organiseRoutes(organise: OrganiseService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.patchResource,
      config: { auth: true },
      handler: async (request, reply) => {
        await organise.patch(
          requireAuth(request).user,
          wildcardPath(request.params),
          request.query,
        );
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
  };
}
