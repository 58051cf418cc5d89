import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { clientGone } from "../../lib/client-gone.js";
import { requireAuth } from "../../plugins/auth.js";
import type { ToolsService } from "./tools.service.js";

/** `GET /api/mauro/help/{name}` (the runs themselves are PATCH actions of /api/resources). */
export function editionToolsRoutes(tools: ToolsService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.toolHelp,
      config: authConfig(routes.toolHelp),
      handler: async (request, reply) => {
        const gone = clientGone(reply);
        try {
          const text = await tools.help(
            requireAuth(request).user,
            request.params.name,
            gone.signal,
          );
          return reply.type("text/plain; charset=utf-8").send(text);
        } finally {
          gone.done();
        }
      },
    });
  };
}
