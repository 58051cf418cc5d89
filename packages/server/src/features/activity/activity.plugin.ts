import type { FastifyInstance } from "fastify";
import { activityRoutes } from "./activity.routes.js";
import type { ActivityService } from "./activity.service.js";
import type { LiveHub } from "./live.js";

/** How often the retention sweep runs, beside once at the start. */
const SWEEP_EVERY_MS = 86_400_000;

/**
 * The activity log: its routes; the retention sweep at the start and every day; the live
 * streams ended before the server closes (they would hold it open).
 */
export function activityPlugin(activity: ActivityService, live: LiveHub) {
  return function register(app: FastifyInstance): void {
    activityRoutes(activity, live)(app);
    const sweep = () =>
      activity.sweep().catch((err: unknown) => app.log.warn({ err }, "activity sweep failed"));
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook("preClose", (done) => {
      clearInterval(timer);
      live.close();
      done();
    });
    // Before the database closes (buildApp's own onClose hook comes last).
    app.addHook("onClose", async () => {
      await activity.settled();
    });
  };
}
