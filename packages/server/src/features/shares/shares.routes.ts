import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import type { SharesService } from "./shares.service.js";

/** /api/shares and /api/share{path}: links of signed-in users (API.md Part B §7.2). */
export function sharesRoutes(shares: SharesService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.listShares, ({ user }) => shares.list(user));
    defineRoute(app, routes.shareActivity, ({ request, user }) =>
      shares.activity(user, request.params.hash),
    );
    defineRoute(app, routes.getShares, ({ request, user }) =>
      shares.forPath(user, wildcardPath(request.params)),
    );
    defineRoute(app, routes.createShare, ({ request, user }) =>
      shares.create(user, wildcardPath(request.params), request.body),
    );
    defineRoute(app, routes.deleteShare, async ({ request, reply, user }) => {
      await shares.remove(user, wildcardPath(request.params));
      return reply.type("text/plain; charset=utf-8").send("200 OK");
    });
  };
}
