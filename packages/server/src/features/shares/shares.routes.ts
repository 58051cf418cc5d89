import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { SharesService } from "./shares.service.js";

/** /api/shares and /api/share{path}: links of signed-in users (API.md Part B §7.2). */
export function sharesRoutes(shares: SharesService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);

    app.route({
      ...routes.listShares,
      config: authConfig(routes.listShares),
      handler: (request) => shares.list(requireAuth(request).user),
    });

    app.route({
      ...routes.shareActivity,
      config: authConfig(routes.shareActivity),
      handler: (request) => shares.activity(requireAuth(request).user, request.params.hash),
    });

    app.route({
      ...routes.getShares,
      config: authConfig(routes.getShares),
      handler: (request) => shares.forPath(requireAuth(request).user, wildcardPath(request.params)),
    });

    app.route({
      ...routes.createShare,
      config: authConfig(routes.createShare),
      handler: (request) =>
        shares.create(requireAuth(request).user, wildcardPath(request.params), request.body),
    });

    app.route({
      ...routes.deleteShare,
      config: authConfig(routes.deleteShare),
      handler: async (request, reply) => {
        await shares.remove(requireAuth(request).user, wildcardPath(request.params));
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
  };
}
