import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { requireAuth } from "../../plugins/auth.js";
import type { ServerSettingsService } from "./server-settings.service.js";
import type { SettingsService } from "./settings.service.js";

/** GET and PUT /api/settings and /api/settings/server (admin). */
export function settingsRoutes(settings: SettingsService, server: ServerSettingsService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.getSettings,
      config: authConfig(routes.getSettings),
      handler: (request) => settings.get(requireAuth(request).user),
    });
    app.route({
      ...routes.updateSettings,
      config: authConfig(routes.updateSettings),
      handler: async (request, reply) => {
        await settings.replace(requireAuth(request).user, request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
    app.route({
      ...routes.getServerSettings,
      config: authConfig(routes.getServerSettings),
      handler: (request) => server.get(requireAuth(request).user),
    });
    app.route({
      ...routes.updateServerSettings,
      config: authConfig(routes.updateServerSettings),
      handler: async (request, reply) => {
        await server.update(requireAuth(request).user, request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
  };
}
