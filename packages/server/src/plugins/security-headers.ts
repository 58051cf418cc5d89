import type { FastifyInstance } from "fastify";

/**
 * Headers on every response: no MIME sniffing, a strict referrer policy, no framing by other
 * sites, and no caching of API answers. Routes that set their own CSP or cache policy keep it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    void reply.header("X-Content-Type-Options", "nosniff");
    void reply.header("Referrer-Policy", "same-origin");
    if (!reply.hasHeader("Content-Security-Policy")) {
      void reply.header(
        "Content-Security-Policy",
        "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
    }
    if (!reply.hasHeader("Cache-Control") && request.url.startsWith("/api/")) {
      void reply.header("Cache-Control", "no-cache, no-store, must-revalidate");
    }
  });
}
