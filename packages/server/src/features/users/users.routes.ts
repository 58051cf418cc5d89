import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { requireAuth } from "../../plugins/auth.js";
import type { UsersService } from "./users.service.js";

/** GET and PUT /api/users/{id} (self or admin). The rest of user management comes later. */
export function usersRoutes(users: UsersService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.getUser,
      config: authConfig(routes.getUser),
      handler: (request) => users.get(requireAuth(request).user, request.params.id),
    });

    app.route({
      ...routes.updateUser,
      config: authConfig(routes.updateUser),
      handler: async (request, reply) => {
        const ctx = requireAuth(request);
        await users.update(ctx.user, request.params.id, request.body, ctx.session.id);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });
  };
}
