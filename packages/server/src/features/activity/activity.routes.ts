import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import { wildcardPath } from "../../lib/route-params.js";
import { auditCsv } from "./audit-csv.js";
import type { ActivityService } from "./activity.service.js";
import type { LiveHub } from "./live.js";

/** GET /api/activity/{path}, GET /api/audit (JSON or a CSV download), GET /api/events (SSE). */
export function activityRoutes(activity: ActivityService, live: LiveHub) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.getActivity, ({ user, request }) =>
      activity.list(user, wildcardPath(request.params), request.query),
    );

    defineRoute(app, routes.audit, async ({ request, reply }) => {
      const query = request.query;
      activity.checkAudit(query);
      const entries = activity.audit(query);
      if (query.format === "csv") {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="audit-${day}.csv"`)
          .send(Readable.from(auditCsv(entries)));
      }
      const list = [];
      for await (const entry of entries) list.push(entry);
      return reply.send(list);
    });

    defineRoute(app, routes.events, ({ user, session, request, reply }) => {
      const { out, leave } = live.open(user.id, session.id);
      request.raw.once("close", leave);
      out.once("end", () => request.raw.off("close", leave));
      return reply
        .type("text/event-stream; charset=utf-8")
        .header("Cache-Control", "no-cache, no-transform")
        .header("X-Accel-Buffering", "no")
        .send(out);
    });
  };
}
