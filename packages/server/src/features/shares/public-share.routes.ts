import type { FastifyInstance, FastifyRequest } from "fastify";
import { routes } from "@scriptorium/shared";
import { contentDisposition } from "../../lib/http-ranges.js";
import { defineRoute } from "../../http/route.js";
import { wildcardPath } from "../../lib/route-params.js";
import { inlineContentType, inlinePolicy, readingPolicy } from "../downloads/content-headers.js";
import { sendPayload } from "../downloads/send-file.js";
import { sendDownload } from "../raw/send-download.js";
import type { PublicShareService } from "./public-share.service.js";
import type { Visitor } from "./share-gate.js";

/** The password header, the `?token=` and the address of a visitor's request. */
export function visitorOf(request: FastifyRequest): Visitor {
  const password = request.headers["x-share-password"];
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return {
    ...(typeof password === "string" && { password }),
    ...(typeof token === "string" && token !== "" && { token }),
    address: request.ip,
  };
}

/** A download that takes one of a link's downloads: a GET from the first byte. */
function startsDownload(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const range = request.headers.range;
  return range === undefined || /^bytes=0-/.test(range.trim());
}

/** Per address: enough for a page of previews, too few to scan for links. */
const PUBLIC_RATE = { max: 600, timeWindow: 60_000 };

/**
 * The public share routes (API.md Part B §7.3): the page's JSON, downloads and archives, and
 * the sandboxed inline view. No login; each request passes the link's gate.
 */
export function publicShareRoutes(service: PublicShareService, baseURL: string) {
  return function register(app: FastifyInstance): void {
    defineRoute(
      app,
      routes.publicShare,
      async ({ request, reply }) => {
        void reply.header("Cache-Control", "no-store");
        return service.view(wildcardPath(request.params), visitorOf(request));
      },
      { config: { rateLimit: PUBLIC_RATE } },
    );

    defineRoute(
      app,
      routes.publicDownload,
      async ({ request, reply }) => {
        const { access, target } = await service.download(
          wildcardPath(request.params),
          visitorOf(request),
          startsDownload(request),
        );
        // A file link is its file, whatever `files=` says.
        return sendDownload(request, reply, target, request.query, {
          archives: access.isDir,
          open: (t) => service.openFile(t),
        });
      },
      { config: { rateLimit: PUBLIC_RATE } },
    );

    defineRoute(
      app,
      routes.publicInline,
      async ({ request, reply }) => {
        const reading = request.query.view === "read";
        const result = await service.inline(
          wildcardPath(request.params),
          visitorOf(request),
          reading,
        );
        if ("capability" in result) {
          const encoded = result.rest.split("/").map(encodeURIComponent).join("/");
          void reply.header("Cache-Control", "no-store");
          return reply.redirect(`${baseURL}/api/inline/${result.capability}/${encoded}`, 302);
        }
        const { file } = result;
        const contentType = inlineContentType(file.contentType);
        return sendPayload(request, reply, file.payload, {
          contentType,
          disposition: contentDisposition("inline", file.name),
          csp: reading ? readingPolicy(contentType) : inlinePolicy(contentType),
        });
      },
      { config: { rateLimit: PUBLIC_RATE } },
    );
  };
}
