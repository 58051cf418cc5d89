import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { wildcardPath } from "../../lib/route-params.js";
import { requireAuth } from "../../plugins/auth.js";
import type { SearchService } from "./search.service.js";

/** GET /api/search{dir}?query=…: a JSON array, as File Browser's clients read it (API.md §9). */
export function searchRoutes(search: SearchService) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    app.route({
      ...routes.search,
      config: authConfig(routes.search),
      handler: async (request, reply) => {
        const answer = await search.search(
          requireAuth(request).user,
          wildcardPath(request.params),
          request.query.query,
          request.query.content,
        );
        void reply.headers({
          "X-Search-Index": answer.index.state,
          "X-Search-Indexed": String(answer.index.indexed),
          "Cache-Control": "no-store",
        });
        return answer.results;
      },
    });
  };
}
