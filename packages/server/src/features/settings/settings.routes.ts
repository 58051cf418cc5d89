import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { requireAuth } from "../../plugins/auth.js";
import type { SettingsService } from "./settings.service.js";

/** GET and PUT /api/settings (admin). */
export function settingsRoutes(settings: SettingsService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.getSettings,
      config: { auth: true },
      handler: (request) => settings.get(requireAuth(request).user),
    });
    app.route({
      ...routes.updateSettings,
      config: { auth: true },
      handler: async (request, reply) => {
        await settings.replace(requireAuth(request).user, request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
  };
}
