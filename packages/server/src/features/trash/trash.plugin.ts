import type { FastifyInstance } from "fastify";
import { trashRoutes } from "./trash.routes.js";
import type { TrashService } from "./trash.service.js";

/** How often the retention sweep runs, beside once at the start. */
const SWEEP_EVERY_MS = 86_400_000;

/**
 * The trash: its routes; at the start, the reconciliation of what a crash left half done, then
 * the retention sweep, and the sweep again every day while the app runs.
 */
export function trashPlugin(trash: TrashService) {
  return function register(app: FastifyInstance): void {
    trashRoutes(trash)(app);
    const sweep = () =>
      trash.sweep().catch((err: unknown) => app.log.warn({ err }, "trash sweep failed"));
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      // Before the first request: no delete or restore can be in flight yet.
      await trash
        .reconcile()
        .catch((err: unknown) => app.log.warn({ err }, "trash reconciliation failed"));
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook("onClose", (_app, done) => {
      clearInterval(timer);
      done();
    });
  };
}
