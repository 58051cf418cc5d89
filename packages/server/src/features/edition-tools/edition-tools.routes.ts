import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { clientGone } from "../../lib/client-gone.js";
import { defineRoute } from "../../http/route.js";
import type { ToolStatesService } from "./tool-states.js";
import type { ToolsService } from "./tools.service.js";

/**
 * `GET /api/mauro/help/{name}` and `GET /api/mauro/tools` (the runs themselves are PATCH
 * actions of /api/resources).
 */
export function editionToolsRoutes(tools: ToolsService, states: ToolStatesService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.toolHelp, async ({ request, reply, user }) => {
      const gone = clientGone(reply);
      try {
        const text = await tools.help(user, request.params.name, gone.signal);
        return reply.type("text/plain; charset=utf-8").send(text);
      } finally {
        gone.done();
      }
    });
    // Every user learns which tools exist; only admins where they are and which version.
    defineRoute(app, routes.toolStates, ({ user }) => states.states(user.perm.admin));
  };
}
