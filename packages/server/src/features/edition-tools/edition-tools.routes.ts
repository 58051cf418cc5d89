import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { clientGone } from "../../lib/client-gone.js";
import { defineRoute } from "../../http/route.js";
import type { ToolsService } from "./tools.service.js";

/** `GET /api/mauro/help/{name}` (the runs themselves are PATCH actions of /api/resources). */
export function editionToolsRoutes(tools: ToolsService) {
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
  };
}
