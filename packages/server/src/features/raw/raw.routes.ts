import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { wildcardPath } from "../../lib/route-params.js";
import { contentDisposition } from "../../lib/http-ranges.js";
import { requireAuth } from "../../plugins/auth.js";
import { downloadPolicy } from "./content-headers.js";
import type { DownloadService } from "./raw.service.js";
import { sendPayload } from "./send-file.js";

/** GET (and HEAD) /api/raw{path}[?inline=true]: a file's bytes with ranges and conditionals. */
export function rawRoutes(downloads: DownloadService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.raw,
      config: { auth: true },
      handler: async (request, reply) => {
        const file = await downloads.file(requireAuth(request).user, wildcardPath(request.params));
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
