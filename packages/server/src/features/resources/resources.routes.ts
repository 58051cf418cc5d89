import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { ResourcesService } from "./resources.service.js";

/** GET, POST, PUT and DELETE /api/resources{path}. Upload bodies stream straight to disk. */
export function resourcesRoutes(resources: ResourcesService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    // In this scope bodies are raw bytes: hand the stream over, never buffer, no size limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    app.route({
      ...routes.getResource,
      config: { auth: true },
      handler: (request) =>
        resources.get(
          requireAuth(request).user,
          wildcardPath(request.params),
          request.query.checksum,
        ),
    });

    app.route({
      ...routes.createResource,
      config: { auth: true },
      handler: async (request, reply) => {
        const override = request.query.override === "true";
        const body = request.body as Readable | undefined;
        const etag = await resources.create(
          requireAuth(request).user,
          wildcardPath(request.params),
          override,
          body,
        );
        if (etag) void reply.header("ETag", etag);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.saveResource,
      config: { auth: true },
      handler: async (request, reply) => {
        const body = request.body as Readable | undefined;
        const etag = await resources.save(
          requireAuth(request).user,
          wildcardPath(request.params),
          body,
        );
        return reply.header("ETag", etag).type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.deleteResource,
      config: { auth: true },
      handler: async (request, reply) => {
        await resources.remove(requireAuth(request).user, wildcardPath(request.params));
        return reply.status(204).send();
      },
    });
  };
}
