import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { contentDisposition } from "../../lib/http-ranges.js";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import { sendPayload } from "../downloads/send-file.js";
import type { SubtitlesService } from "./subtitles.service.js";

const VTT = "text/vtt; charset=utf-8";

/** GET /api/subtitle{path}[?inline=true]: a subtitle file as WebVTT. */
export function subtitlesRoutes(subtitles: SubtitlesService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.subtitle, async ({ request, reply, user }) => {
      const file = await subtitles.get(user, wildcardPath(request.params));
      const inline = request.query.inline === "true";
      return sendPayload(request, reply, file.payload, {
        contentType: VTT,
        disposition: contentDisposition(inline ? "inline" : "attachment", file.name),
        csp: downloadPolicy(VTT),
      });
    });
  };
}
