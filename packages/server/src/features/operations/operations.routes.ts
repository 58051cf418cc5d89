import type { FastifyInstance, FastifyReply } from "fastify";
import { routes } from "@scriptorium/shared";
import { notFound, unauthorized } from "../../errors.js";
import { defineRoute } from "../../http/route.js";
import { bearerMatches } from "./metrics-access.js";
import type { Metrics } from "./metrics.js";
import type { ReadinessService } from "./readiness.js";

/** What a probe or a scraper gets is always fresh. */
const noStore = (reply: FastifyReply) => reply.header("Cache-Control", "no-store");

/**
 * `/health` (alive: touches nothing), `/ready` (database and files reachable, not shutting
 * down) and `/metrics` (off unless a token is configured; then only with that bearer token).
 * Below the base URL, and at the server's root as well (the base URL is optional in every
 * request: `http/fastify.ts`).
 */
export function operationsRoutes(deps: {
  readiness: ReadinessService;
  metrics: Metrics;
  metricsToken: string | undefined;
}) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.health, ({ reply }) => {
      noStore(reply);
      return { status: "OK" };
    });

    defineRoute(app, routes.ready, async ({ reply }) => {
      noStore(reply);
      const state = await deps.readiness.check();
      return reply.status(state.status === "ready" ? 200 : 503).send(state);
    });

    defineRoute(app, routes.metrics, async ({ request, reply }) => {
      noStore(reply);
      const token = deps.metricsToken;
      if (!token) throw notFound();
      if (!bearerMatches(request.headers.authorization, token)) {
        void reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
        throw unauthorized("The metrics need the metrics token (Authorization: Bearer)");
      }
      const { metrics } = deps;
      return reply.type(metrics.contentType).send(await metrics.scrape());
    });
  };
}
