import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { contentDisposition } from "../../lib/http-ranges.js";
import { requireAuth } from "../../plugins/auth.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import { sendPayload } from "../downloads/send-file.js";
import type { PreviewService } from "./preview.service.js";

/** GET /api/preview/{thumb|big}{path}[?inline=true]: a resized image, or the image as it is. */
export function previewRoutes(previews: PreviewService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.preview,
      config: authConfig(routes.preview),
      handler: async (request, reply) => {
        const { size } = request.params;
        const requestPath = "/" + request.params["*"];
        const file = await previews.preview(requireAuth(request).user, size, requestPath);
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
