import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { forbidden } from "../../errors.js";
import { defineRoute } from "../../http/route.js";
import type { UserRecord } from "../users/users.store.js";
import type { TrashService } from "./trash.service.js";

const mayCreate = ({ user }: { user: UserRecord }) => {
  if (!user.perm.create) throw forbidden("You may not create files");
};
const mayDelete = ({ user }: { user: UserRecord }) => {
  if (!user.perm.delete) throw forbidden("You may not delete files");
};

/** The trash routes: list, restore, delete for ever, empty. */
export function trashRoutes(trash: TrashService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.listTrash, ({ user, request }) => trash.list(user, request.query));
    defineRoute(
      app,
      routes.restoreTrash,
      ({ user, request }) => trash.restore(user, request.params.id),
      { authorize: mayCreate },
    );
    defineRoute(
      app,
      routes.deleteTrashItem,
      async ({ user, request, reply }) => {
        await trash.remove(user, request.params.id);
        return reply.status(204).send();
      },
      { authorize: mayDelete },
    );
    defineRoute(
      app,
      routes.emptyTrash,
      async ({ user, reply }) => {
        await trash.empty(user);
        return reply.status(204).send();
      },
      { authorize: mayDelete },
    );
  };
}
