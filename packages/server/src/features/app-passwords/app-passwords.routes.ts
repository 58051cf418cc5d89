import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { AppPasswordsService } from "./app-passwords.service.js";

/** The caller's app passwords: list, create (shown once), revoke. */
export function appPasswordsRoutes(appPasswords: AppPasswordsService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.listAppPasswords, ({ user }) => appPasswords.list(user.id));
    defineRoute(app, routes.createAppPassword, async ({ user, request, reply }) =>
      reply.status(201).send(await appPasswords.create(user.id, request.body)),
    );
    defineRoute(app, routes.deleteAppPassword, async ({ user, request, reply }) => {
      await appPasswords.remove(user.id, request.params.id);
      return reply.status(204).send();
    });
  };
}
