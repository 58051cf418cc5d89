import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { DownloadService } from "../downloads/downloads.service.js";
import { sendDownload } from "./send-download.js";

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
        return sendDownload(request, reply, target, request.query, {
          archives: true,
          open: (t) => downloads.openTarget(t),
        });
      },
    });
  };
}
