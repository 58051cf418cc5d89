import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { wildcardPath } from "../../lib/route-params.js";
import { defineRoute } from "../../http/route.js";
import type { SearchService } from "./search.service.js";

/** GET /api/search{dir}?query=…: a JSON array, as File Browser's clients read it (API.md §9). */
export function searchRoutes(search: SearchService) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.search, async ({ request, reply, user }) => {
      const { query, content } = request.query;
      const answer = await search.search(user, wildcardPath(request.params), query, content);
      void reply.headers({
        "X-Search-Index": answer.index.state,
        "X-Search-Indexed": String(answer.index.indexed),
        "Cache-Control": "no-store",
      });
      return answer.results;
    });
  };
}
