import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { contentDisposition } from "../../lib/http-ranges.js";
import { requireAuth } from "../../plugins/auth.js";
import { prepareArchive, wantsArchive } from "../archive/archive.service.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import type { DownloadService } from "../downloads/downloads.service.js";
import { sendPayload } from "../downloads/send-file.js";

/**
 * GET (and HEAD) /api/raw{path}[?inline=true]: a file's bytes with ranges and conditionals;
 * a folder or a `files=` selection streams as an archive (`algo=`).
 */
export function rawRoutes(downloads: DownloadService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.raw,
      config: authConfig(routes.raw),
      handler: async (request, reply) => {
        const target = await downloads.locate(
          requireAuth(request).user,
          wildcardPath(request.params),
        );
        if (wantsArchive(target, request.query)) {
          const archive = await prepareArchive(target, request.query, request.log);
          void reply
            .type(archive.contentType)
            .header("Content-Disposition", contentDisposition("attachment", archive.name))
            .header("Content-Security-Policy", downloadPolicy(archive.contentType));
          return reply.send(request.method === "HEAD" ? "" : archive.open());
        }
        const file = await downloads.openTarget(target);
        const inline = request.query.inline === "true";
        return sendPayload(request, reply, file.payload, {
          contentType: file.contentType,
          disposition: contentDisposition(inline ? "inline" : "attachment", file.name),
          csp: downloadPolicy(file.contentType),
        });
      },
    });
  };
}
