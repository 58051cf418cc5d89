import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import type { DownloadService } from "../downloads/downloads.service.js";
import { sendDownload } from "./send-download.js";

/**
 * GET (and HEAD) /api/raw{path}[?inline=true]: a file's bytes with ranges and conditionals;
 * a folder or a `files=` selection streams as an archive (`algo=`).
 */
export function rawRoutes(downloads: DownloadService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.raw, async ({ request, reply, user }) => {
      const target = await downloads.locate(user, wildcardPath(request.params));
      return sendDownload(request, reply, target, request.query, {
        archives: true,
        open: (t) => downloads.openTarget(t),
      });
    });
  };
}
