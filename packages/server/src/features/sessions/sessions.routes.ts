import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { SessionsService } from "./sessions.service.js";

/** One's sessions (/api/sessions) and a user's sessions for admins (/api/users/{id}/sessions). */
export function sessionsRoutes(service: SessionsService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.listSessions, (ctx) => service.listOwn(ctx));
    defineRoute(app, routes.endOtherSessions, (ctx) => service.endOwnOthers(ctx));
    defineRoute(app, routes.endSession, async (ctx) => {
      await service.endOwn(ctx, ctx.request.params.sid);
      return ctx.reply.status(204).send();
    });
    defineRoute(app, routes.listUserSessions, (ctx) => service.listOf(ctx, ctx.request.params.id));
    defineRoute(app, routes.endUserSessions, (ctx) => service.endAllOf(ctx, ctx.request.params.id));
  };
}
