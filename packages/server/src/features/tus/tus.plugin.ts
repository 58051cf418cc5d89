import type { FastifyInstance } from "fastify";
import type { Hooks } from "../hooks/hooks.service.js";
import { tusRoutes } from "./tus.routes.js";
import type { TusService } from "./tus.service.js";

/** How often abandoned uploads (idle for a day) are looked for, beside once at the start. */
const SWEEP_EVERY_MS = 3_600_000;

/** Resumable uploads: the /api/tus routes, and the sweep of abandoned uploads while it runs. */
export function tusPlugin(tus: TusService, hooks: Hooks) {
  return function register(app: FastifyInstance): void {
    tusRoutes(tus, hooks)(app);
    const sweep = () =>
      void tus.sweep().catch((err: unknown) => app.log.warn({ err }, "upload sweep failed"));
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", (done) => {
      sweep();
      timer = setInterval(sweep, SWEEP_EVERY_MS);
      timer.unref();
      done();
    });
    app.addHook("onClose", (_app, done) => {
      clearInterval(timer);
      done();
    });
  };
}
