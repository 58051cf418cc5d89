import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

import { authRoutes } from "./features/auth/auth.routes.js";
import { registerAuth } from "./features/auth/auth.plugin.js";
import { settingsRoutes } from "./features/settings/settings.routes.js";
import { sessionsRoutes } from "./features/sessions/sessions.routes.js";
import { usageRoutes } from "./features/usage/usage.routes.js";
import { resourcesRoutes } from "./features/resources/resources.routes.js";
import { tusPlugin } from "./features/tus/tus.plugin.js";
import { openapiRoutes } from "./features/openapi/openapi.routes.js";
import { inlineRoutes } from "./features/inline/inline.routes.js";
import { previewRoutes } from "./features/preview/preview.routes.js";
import { rawRoutes } from "./features/raw/raw.routes.js";
import { synctexRoutes } from "./features/synctex/synctex.routes.js";
import { subtitlesRoutes } from "./features/subtitles/subtitles.routes.js";
import { usersRoutes } from "./features/users/users.routes.js";
import { editionToolsRoutes } from "./features/edition-tools/edition-tools.routes.js";
import { registerRunner } from "./runner/runner.plugin.js";
import { shellRoutes } from "./features/shell/shell.routes.js";
import { sharesRoutes } from "./features/shares/shares.routes.js";
import { publicShareRoutes } from "./features/shares/public-share.routes.js";
import { dropBoxRoutes } from "./features/shares/drop-box.routes.js";
import { searchPlugin } from "./features/search/search.plugin.js";
import { trashPlugin } from "./features/trash/trash.plugin.js";
import { versionsPlugin } from "./features/versions/versions.plugin.js";
import { activityPlugin } from "./features/activity/activity.plugin.js";
import { appPasswordsRoutes } from "./features/app-passwords/app-passwords.routes.js";
import { registerHttpMetrics } from "./features/operations/http-metrics.js";
import { operationsRoutes } from "./features/operations/operations.routes.js";
import { parseJsonBodies } from "./http/bodies.js";
import { createFastify, registerHttpPlugins } from "./http/fastify.js";
import { registerRequestContext } from "./http/request-context.js";
import { trimMemoryWhenIdle } from "./http/idle-memory.js";
import { registerErrorHandler } from "./plugins/error-handler.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerWebApp } from "./plugins/web-app.js";
import { webdavPlugin } from "./features/webdav/webdav.plugin.js";
import { createServices, type Services } from "./services.js";
import type { AppOptions } from "./app-options.js";

export type { AppOptions };

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** The services each built app runs on (tests reach what no route exposes, e.g. davLogin). */
const builtServices = new WeakMap<FastifyInstance, Services>();
export function servicesOf(app: FastifyInstance): Services | undefined {
  return builtServices.get(app);
}

/** Builds the whole application with every feature registered; never listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const baseURL = (options.baseURL ?? "").replace(/\/+$/, "");
  const app = createFastify({
    logger: options.logger ?? false,
    baseURL,
    trustedProxies: options.trustedProxies ?? [],
  });
  registerRequestContext(app);
  // First: its hooks see every route's requests.
  const stopTrimming = options.idleMemory && trimMemoryWhenIdle(app, options.idleMemory);
  const services = createServices(options, app.log);
  builtServices.set(app, services);
  await services.eventsBridge?.ready;
  registerHttpMetrics(app, services.metrics);

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  parseJsonBodies(app);
  await registerHttpPlugins(app, services.attemptsBackend);
  registerAuth(app, services.auth);
  registerRunner(app, services.runner);
  registerRoutes(app, services, options, baseURL);
  registerWebApp(app, {
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    baseURL,
    version: services.version,
    settings: services.settings,
  });

  // Last: the features' own onClose hooks (search, uploads) run before the database closes.
  app.addHook("onClose", async () => {
    if (stopTrimming) stopTrimming();
    await services.eventsBridge?.close();
    services.close();
    await options.db.destroy();
  });
  return app;
}

/** The route table: each feature's routes with the services they call. */
function registerRoutes(app: FastifyInstance, s: Services, options: AppOptions, baseURL: string) {
  app.register(
    operationsRoutes({
      readiness: s.readiness,
      metrics: s.metrics,
      metricsToken: options.metricsToken,
    }),
  );
  app.register(openapiRoutes({ version: s.version, baseURL }));
  app.register(authRoutes(s.auth, s.loginPerAddress));
  app.register(usersRoutes(s.usersService, s.rulesPreview));
  app.register(sessionsRoutes(s.sessionsService));
  app.register(settingsRoutes(s.settingsService, s.serverSettings));
  app.register(usageRoutes(s.usage));
  app.register(resourcesRoutes(s.resources, s.actions, s.hooks));
  app.register(editionToolsRoutes(s.tools, s.toolStates));
  app.register(shellRoutes(s.shell));
  app.register(rawRoutes(s.downloads));
  app.register(inlineRoutes(s.inline, baseURL));
  app.register(previewRoutes(s.previews));
  app.register(subtitlesRoutes(s.subtitles));
  app.register(synctexRoutes(s.synctex));
  app.register(tusPlugin(s.tus, s.hooks));
  app.register(sharesRoutes(s.shares));
  app.register(publicShareRoutes(s.publicShares, baseURL));
  app.register(dropBoxRoutes(s.dropBox));
  app.register(searchPlugin(s.search.service, s.search.index));
  if (s.trash) app.register(trashPlugin(s.trash));
  app.register(versionsPlugin(s.versions, s.trash));
  app.register(activityPlugin(s.activity, s.live));
  app.register(appPasswordsRoutes(s.appPasswords));
  app.register(webdavPlugin(s.webdav, baseURL));
}
