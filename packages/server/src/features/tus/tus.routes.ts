import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { TusService } from "./tus.service.js";

/** /api/tus{path}: POST, HEAD/GET, PATCH and DELETE of resumable uploads. */
export function tusRoutes(tus: TusService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    // Chunks stream straight to disk; any other content type is 415.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/offset+octet-stream", (_req, payload, done) =>
      done(null, payload),
    );

    app.route({
      ...routes.tusCreate,
      config: { auth: true },
      handler: async (request, reply) => {
        const user = requireAuth(request).user;
        await tus.create(
          user,
          wildcardPath(request.params),
          request.query.override === "true",
          request.headers["upload-length"],
        );
        return reply.status(201).type("text/plain; charset=utf-8").send("201 Created");
      },
    });

    app.route({
      ...routes.tusOffset,
      config: { auth: true },
      handler: async (request, reply) => {
        const { offset, length } = await tus.offset(
          requireAuth(request).user,
          wildcardPath(request.params),
        );
        return reply
          .headers({
            "Upload-Offset": String(offset),
            "Upload-Length": String(length),
            "Cache-Control": "no-store",
          })
          .send();
      },
    });

    app.route({
      ...routes.tusAppend,
      config: { auth: true },
      handler: async (request, reply) => {
        const offset = await tus.append(
          requireAuth(request).user,
          wildcardPath(request.params),
          request.headers["upload-offset"],
          request.body as Readable | undefined,
        );
        return reply.status(204).header("Upload-Offset", String(offset)).send();
      },
    });

    app.route({
      ...routes.tusCancel,
      config: { auth: true },
      handler: async (request, reply) => {
        await tus.cancel(requireAuth(request).user, wildcardPath(request.params));
        return reply.status(204).send();
      },
    });
  };
}
