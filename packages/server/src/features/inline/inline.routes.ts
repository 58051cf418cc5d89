import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { contentDisposition } from "../../lib/http-ranges.js";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import { inlineContentType, inlinePolicy, readingPolicy } from "../downloads/content-headers.js";
import { sendPayload } from "../downloads/send-file.js";
import type { InlineService } from "./inline.service.js";

/** `<baseURL>/api/inline/<capability>/<rest>`, each segment of `rest` percent-encoded. */
function inlineUrl(baseURL: string, capability: string, rest: string): string {
  const encoded = rest.split("/").map(encodeURIComponent).join("/");
  return `${baseURL}/api/inline/${capability}/${encoded}`;
}

/**
 * GET /api/raw-inline{path} (login) redirects to GET /api/inline/{capability}/{name} (no login),
 * which serves files of that folder in a script sandbox without the app's origin.
 */
export function inlineRoutes(inline: InlineService, baseURL: string) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.rawInline, async (ctx) => {
      const { request, reply } = ctx;
      const { capability, rest } = await inline.mint(ctx, wildcardPath(request.params), request.ip);
      void reply.header("Cache-Control", "no-store");
      return reply.redirect(inlineUrl(baseURL, capability, rest), 302);
    });

    defineRoute(app, routes.inline, async ({ request, reply }) => {
      const { capability } = request.params;
      const target = await inline.open(capability, request.params["*"], request.ip);
      if ("redirect" in target) {
        void reply.header("Cache-Control", "no-store");
        return reply.redirect(inlineUrl(baseURL, capability, target.redirect), 302);
      }
      const { file } = target;
      const contentType = inlineContentType(file.contentType);
      return sendPayload(request, reply, file.payload, {
        contentType,
        disposition: contentDisposition("inline", file.name),
        csp: target.noScripts ? readingPolicy(contentType) : inlinePolicy(contentType),
        // Pages a tool writes again at each compile, under the same names, often within the
        // second that Last-Modified can tell: never reused from the browser's cache.
        cacheControl: "private, no-store",
      });
    });
  };
}
