import type { FastifyInstance } from "fastify";
import type { TrashService } from "../trash/trash.service.js";
import { versionsRoutes } from "./versions.routes.js";
import type { VersionsService } from "./versions.service.js";

/** How often the retention sweep runs, beside once at the start. */
const SWEEP_EVERY_MS = 86_400_000;

/**
 * The versions: their routes; at the start (after the trash's own reconciliation, registered
 * before), the completion of what a crash left pending, then the retention sweep (in the
 * background, as it measures the whole files root), and the sweep
 * again every day while the app runs.
 */
export function versionsPlugin(versions: VersionsService | undefined, trash?: TrashService) {
  return function register(app: FastifyInstance): void {
    versionsRoutes(versions)(app);
    if (!versions) return;
    versions.onError((err) => app.log.warn({ err }, "a version could not be stored"));
    const sweep = () =>
      versions.sweep().catch((err: unknown) => app.log.warn({ err }, "versions sweep failed"));
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      await versions
        .reconcile(trash && (() => trash.ids()))
        .catch((err: unknown) => app.log.warn({ err }, "versions reconciliation failed"));
      // Not awaited: the sweep measures the files root (a stat of every file), which on a large
      // tree held the start past Fastify's limit (1,000,000 files: "onReady hook timed out").
      void sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await versions.settled();
    });
  };
}
