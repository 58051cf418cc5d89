import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import { streamBodies } from "../../http/bodies.js";
import { wildcardPath } from "../../lib/route-params.js";
import { sendOffset } from "../tus/offset-reply.js";
import { replyToAppend } from "../tus/append-reply.js";
import type { DropBoxService } from "./drop-box.service.js";
import { visitorOf } from "./public-share.routes.js";

/** New uploads per address and minute: a visitor's folder of scans, not a flood. */
const CREATE_RATE = { max: 120, timeWindow: 60_000 };

/** /api/public/tus/{hash}/{name}: a drop box's resumable uploads (API.md Part A §19). */
export function dropBoxRoutes(dropBox: DropBoxService) {
  return function register(app: FastifyInstance): void {
    // Chunks stream straight to disk; any other content type is 415.
    streamBodies(app, "application/offset+octet-stream");

    defineRoute(
      app,
      routes.publicTusCreate,
      async ({ request, reply }) => {
        await dropBox.create(wildcardPath(request.params), visitorOf(request), {
          length: request.headers["upload-length"],
          metadata: request.headers["upload-metadata"],
        });
        return reply.status(201).type("text/plain; charset=utf-8").send("201 Created");
      },
      { config: { rateLimit: CREATE_RATE } },
    );

    defineRoute(app, routes.publicTusOffset, async ({ request, reply }) => {
      return sendOffset(
        reply,
        await dropBox.offset(wildcardPath(request.params), visitorOf(request)),
      );
    });

    defineRoute(app, routes.publicTusAppend, ({ request, reply }) =>
      replyToAppend(request, reply, (headers, body) =>
        dropBox.append(wildcardPath(request.params), visitorOf(request), headers, body),
      ),
    );

    defineRoute(app, routes.publicTusCancel, async ({ request, reply }) => {
      await dropBox.cancel(wildcardPath(request.params), visitorOf(request));
      return reply.status(204).send();
    });
  };
}
