import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { requireAuth } from "../../plugins/auth.js";
import type { SessionsService } from "./sessions.service.js";

/** One's sessions (/api/sessions) and a user's sessions for admins (/api/users/{id}/sessions). */
export function sessionsRoutes(service: SessionsService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.listSessions,
      config: authConfig(routes.listSessions),
      handler: (request) => service.listOwn(requireAuth(request)),
    });
    app.route({
      ...routes.endOtherSessions,
      config: authConfig(routes.endOtherSessions),
      handler: (request) => service.endOwnOthers(requireAuth(request)),
    });
    app.route({
      ...routes.endSession,
      config: authConfig(routes.endSession),
      handler: async (request, reply) => {
        await service.endOwn(requireAuth(request), request.params.sid);
        return reply.status(204).send();
      },
    });
    app.route({
      ...routes.listUserSessions,
      config: authConfig(routes.listUserSessions),
      handler: (request) => service.listOf(requireAuth(request), request.params.id),
    });
    app.route({
      ...routes.endUserSessions,
      config: authConfig(routes.endUserSessions),
      handler: (request) => service.endAllOf(requireAuth(request), request.params.id),
    });
  };
}
