import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { Hooks } from "../hooks/hooks.service.js";
import type { TusService } from "./tus.service.js";
import { sendOffset } from "./offset-reply.js";
import { skipUnreadChunk } from "./skip-chunk.js";

/** /api/tus{path}: POST, HEAD/GET, PATCH and DELETE of resumable uploads. */
export function tusRoutes(tus: TusService, hooks: Hooks) {
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
        // The upload hooks: before_upload here; after_upload when the last byte is in (app.ts).
        await hooks.before({ event: "upload", user, file: wildcardPath(request.params) });
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
        // An unknown length is -1, the numeric value tus-js-client needs (API.md §6.1).
        return sendOffset(
          reply,
          await tus.offset(requireAuth(request).user, wildcardPath(request.params)),
        );
      },
    });

    app.route({
      ...routes.tusAppend,
      config: { auth: true },
      handler: async (request, reply) => {
        let offset: number;
        try {
          offset = await tus.append(
            requireAuth(request).user,
            wildcardPath(request.params),
            {
              offset: request.headers["upload-offset"],
              length: request.headers["upload-length"],
              contentLength: request.headers["content-length"],
            },
            request.body as Readable | undefined,
          );
        } catch (err) {
          await skipUnreadChunk(request.raw, reply);
          throw err;
        }
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
