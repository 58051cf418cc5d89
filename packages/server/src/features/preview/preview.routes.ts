import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { contentDisposition } from "../../lib/http-ranges.js";
import { defineRoute } from "../../http/route.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import { sendPayload } from "../downloads/send-file.js";
import type { PreviewService } from "./preview.service.js";

/** GET /api/preview/{thumb|big}{path}[?inline=true]: a resized image, or the image as it is. */
export function previewRoutes(previews: PreviewService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.preview, async ({ request, reply, user }) => {
      const { size } = request.params;
      const file = await previews.preview(user, size, "/" + request.params["*"]);
      const inline = request.query.inline === "true";
      return sendPayload(request, reply, file.payload, {
        contentType: file.contentType,
        disposition: contentDisposition(inline ? "inline" : "attachment", file.name),
        csp: downloadPolicy(file.contentType),
      });
    });
  };
}
