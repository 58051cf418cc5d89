import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { sendOffset } from "../tus/offset-reply.js";
import { skipUnreadChunk } from "../tus/skip-chunk.js";
import type { DropBoxService } from "./drop-box.service.js";
import { visitorOf } from "./public-share.routes.js";

/** New uploads per address and minute: a visitor's folder of scans, not a flood. */
const CREATE_RATE = { max: 120, timeWindow: 60_000 };

/** /api/public/tus/{hash}/{name}: a drop box's resumable uploads (API.md Part A §19). */
export function dropBoxRoutes(dropBox: DropBoxService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    // Chunks stream straight to disk; any other content type is 415.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/offset+octet-stream", (_req, payload, done) =>
      done(null, payload),
    );

    app.route({
      ...routes.publicTusCreate,
      config: { ...authConfig(routes.publicTusCreate), rateLimit: CREATE_RATE },
      handler: async (request, reply) => {
        await dropBox.create(wildcardPath(request.params), visitorOf(request), {
          length: request.headers["upload-length"],
          metadata: request.headers["upload-metadata"],
        });
        return reply.status(201).type("text/plain; charset=utf-8").send("201 Created");
      },
    });

    app.route({
      ...routes.publicTusOffset,
      config: authConfig(routes.publicTusOffset),
      handler: async (request, reply) => {
        return sendOffset(
          reply,
          await dropBox.offset(wildcardPath(request.params), visitorOf(request)),
        );
      },
    });

    app.route({
      ...routes.publicTusAppend,
      config: authConfig(routes.publicTusAppend),
      handler: async (request, reply) => {
        let offset: number;
        try {
          offset = await dropBox.append(
            wildcardPath(request.params),
            visitorOf(request),
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
      ...routes.publicTusCancel,
      config: authConfig(routes.publicTusCancel),
      handler: async (request, reply) => {
        await dropBox.cancel(wildcardPath(request.params), visitorOf(request));
        return reply.status(204).send();
      },
    });
  };
}
