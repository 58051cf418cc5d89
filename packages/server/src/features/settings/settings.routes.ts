import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { ServerSettingsService } from "./server-settings.service.js";
import type { SettingsService } from "./settings.service.js";

/** GET and PUT /api/settings and /api/settings/server (admin). */
export function settingsRoutes(settings: SettingsService, server: ServerSettingsService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.getSettings, () => settings.get());
    defineRoute(app, routes.updateSettings, async ({ request, reply }) => {
      await settings.replace(request.body);
      return reply.type("text/plain; charset=utf-8").send("200 OK");
    });
    defineRoute(app, routes.getServerSettings, () => server.get());
    defineRoute(app, routes.updateServerSettings, async ({ request, reply }) => {
      await server.update(request.body);
      return reply.type("text/plain; charset=utf-8").send("200 OK");
    });
  };
}
