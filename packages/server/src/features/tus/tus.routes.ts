import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import { streamBodies } from "../../http/bodies.js";
import type { Hooks } from "../hooks/hooks.service.js";
import { fileHooks } from "../hooks/route-hooks.js";
import { authorizeWrite } from "../resources/resources.service.js";
import type { TusService } from "./tus.service.js";
import { sendOffset } from "./offset-reply.js";
import { replyToAppend } from "./append-reply.js";

/** /api/tus{path}: POST, HEAD/GET, PATCH and DELETE of resumable uploads. */
export function tusRoutes(tus: TusService, hooks: Hooks) {
  return function register(app: FastifyInstance): void {
    // Chunks stream straight to disk; any other content type is 415.
    streamBodies(app, "application/offset+octet-stream");

    defineRoute(
      app,
      routes.tusCreate,
      async ({ request, reply, user }) => {
        const override = request.query.override === "true";
        const length = request.headers["upload-length"];
        await tus.create(user, wildcardPath(request.params), override, length);
        return reply.status(201).type("text/plain; charset=utf-8").send("201 Created");
      },
      {
        authorize: ({ user }) => authorizeWrite(user, "upload"),
        // before_upload here; after_upload when the last byte is in (a file event, app.ts).
        hooks: fileHooks(hooks, "upload"),
      },
    );

    // An unknown length is -1, the numeric value tus-js-client needs (API.md §6.1).
    defineRoute(app, routes.tusOffset, async ({ request, reply, user }) =>
      sendOffset(reply, await tus.offset(user, wildcardPath(request.params))),
    );

    defineRoute(app, routes.tusAppend, ({ request, reply, user }) =>
      replyToAppend(request, reply, (headers, body) =>
        tus.append(user, wildcardPath(request.params), headers, body),
      ),
    );

    defineRoute(app, routes.tusCancel, async ({ request, reply, user }) => {
      await tus.cancel(user, wildcardPath(request.params));
      return reply.status(204).send();
    });
  };
}
