import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { requireAuth } from "../../plugins/auth.js";
import type { RulesPreviewFn } from "./rules-preview.js";
import type { UsersService } from "./users.service.js";

/** /api/users: the list, creation and deletion (admins), and one user (self or admin). */
export function usersRoutes(users: UsersService, rulesPreview: RulesPreviewFn) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.listUsers,
      config: authConfig(routes.listUsers),
      handler: (request) => users.list(requireAuth(request).user),
    });

    app.route({
      ...routes.createUser,
      config: authConfig(routes.createUser),
      handler: async (request, reply) => {
        const id = await users.createFromApi(requireAuth(request).user, request.body);
        // A page of the web app, without the base URL (API.md Part B §8.3).
        return reply
          .status(201)
          .header("Location", `/settings/users/${id}`)
          .type("text/plain; charset=utf-8")
          .send("201 Created");
      },
    });

    app.route({
      ...routes.deleteUser,
      config: authConfig(routes.deleteUser),
      handler: async (request, reply) => {
        await users.remove(requireAuth(request).user, request.params.id);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.rulesPreview,
      config: authConfig(routes.rulesPreview),
      handler: (request) => rulesPreview(requireAuth(request).user, request.body),
    });

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
