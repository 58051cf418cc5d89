import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { RulesPreviewFn } from "./rules-preview.js";
import type { UsersService } from "./users.service.js";

/** /api/users: the list, creation and deletion (admins), and one user (self or admin). */
export function usersRoutes(users: UsersService, rulesPreview: RulesPreviewFn) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.listUsers, ({ user }) => users.list(user));

    defineRoute(app, routes.createUser, async ({ request, reply, user }) => {
      const id = await users.createFromApi(user, request.body);
      // A page of the web app, without the base URL (API.md Part B §8.3).
      return reply
        .status(201)
        .header("Location", `/settings/users/${id}`)
        .type("text/plain; charset=utf-8")
        .send("201 Created");
    });

    defineRoute(app, routes.deleteUser, async ({ request, reply, user }) => {
      await users.remove(user, request.params.id);
      return reply.type("text/plain; charset=utf-8").send("200 OK");
    });

    defineRoute(app, routes.rulesPreview, ({ request }) => rulesPreview(request.body));

    defineRoute(app, routes.getUser, ({ request, user }) => users.get(user, request.params.id));

    defineRoute(app, routes.updateUser, async ({ request, reply, user, session }) => {
      await users.update(user, request.params.id, request.body, session.id);
      return reply.type("text/plain; charset=utf-8").send("200 OK");
    });
  };
}
