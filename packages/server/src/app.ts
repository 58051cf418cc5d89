import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { routes } from "@scriptorium/shared";

import type { Db } from "./db/database.js";
import { AppError } from "./errors.js";
import type { AttemptLimit } from "./lib/attempts.js";
import { authRoutes, type LoginRateLimit } from "./features/auth/auth.routes.js";
import { createAuthService } from "./features/auth/auth.service.js";
import { createSessionsStore } from "./features/sessions/sessions.store.js";
import { createSettingsStore } from "./features/settings/settings.store.js";
import { createServerSettingsService } from "./features/settings/server-settings.service.js";
import { settingsRoutes } from "./features/settings/settings.routes.js";
import { createSessionsService } from "./features/sessions/sessions.service.js";
import { sessionsRoutes } from "./features/sessions/sessions.routes.js";
import { createRulesPreview } from "./features/users/rules-preview.js";
import { createSettingsService } from "./features/settings/settings.service.js";
import { usageRoutes } from "./features/usage/usage.routes.js";
import { resourcesRoutes } from "./features/resources/resources.routes.js";
import { createOrganiseService } from "./features/organise/organise.service.js";
import { createExtractService } from "./features/extract/extract.service.js";
import type { ExtractLimits } from "./storage/extraction/policy.js";
import { createListingCache } from "./features/resources/listing-cache.js";
import { createResourcesService } from "./features/resources/resources.service.js";
import { createFileEvents } from "./storage/events.js";
import { tusRoutes } from "./features/tus/tus.routes.js";
import { createTusService } from "./features/tus/tus.service.js";
import { createUploadsStore } from "./features/tus/uploads.store.js";
import type { RenameFn } from "./storage/move.js";
import { createStorage } from "./storage/storage.js";
import { openapiRoutes } from "./features/openapi/openapi.routes.js";
import { inlineRoutes } from "./features/inline/inline.routes.js";
import { createInlineService } from "./features/inline/inline.service.js";
import { createPreviewCache } from "./features/preview/preview-cache.js";
import { previewRoutes } from "./features/preview/preview.routes.js";
import { createPreviewService } from "./features/preview/preview.service.js";
import { rawRoutes } from "./features/raw/raw.routes.js";
import { createDownloadService } from "./features/downloads/downloads.service.js";
import { subtitlesRoutes } from "./features/subtitles/subtitles.routes.js";
import { createSubtitlesService } from "./features/subtitles/subtitles.service.js";
import { usersRoutes } from "./features/users/users.routes.js";
import { createUsersService } from "./features/users/users.service.js";
import { createUsersStore } from "./features/users/users.store.js";
import { authConfig } from "./lib/route-auth.js";
import { editionToolsRoutes } from "./features/edition-tools/edition-tools.routes.js";
import { createToolsService } from "./features/edition-tools/tools.service.js";
import { createRunner, type Runner, type RunnerState } from "./runner/runner.js";
import { createHooks } from "./features/hooks/hooks.service.js";
import { shellRoutes } from "./features/shell/shell.routes.js";
import { createShellService } from "./features/shell/shell.service.js";
import { createSharesStore } from "./features/shares/shares.store.js";
import { createSharesService } from "./features/shares/shares.service.js";
import { createShareGate, type SharePasswordLimits } from "./features/shares/share-gate.js";
import { createPublicShareService } from "./features/shares/public-share.service.js";
import { createDropBoxService } from "./features/shares/drop-box.service.js";
import { sharesRoutes } from "./features/shares/shares.routes.js";
import { publicShareRoutes } from "./features/shares/public-share.routes.js";
import { dropBoxRoutes } from "./features/shares/drop-box.routes.js";
import { createSearchIndex } from "./features/search/search-index.js";
import { createTextIndex } from "./features/search/text-index.js";
import { createSearchService } from "./features/search/search.service.js";
import { searchRoutes } from "./features/search/search.routes.js";
import { registerAuth } from "./plugins/auth.js";
import { registerErrorHandler } from "./plugins/error-handler.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { registerWebApp } from "./plugins/web-app.js";
import { VERSION } from "./version.js";
import { lazySerializerFactory, lazyValidatorFactory } from "./lib/lazy-validators.js";

export interface AppOptions {
  db: Db;
  /** Folder that holds every user's files. */
  root: string;
  /** URL prefix the app lives under, without trailing slash ("" by default). */
  baseURL?: string;
  /** Built web app (packages/web/dist). */
  webDist?: string;
  logger?: FastifyServerOptions["logger"];
  version?: string;
  limits?: {
    loginPerIp?: LoginRateLimit;
    failedLoginsPerUser?: AttemptLimit;
    /**
     * Wrong passwords of share links, per address on one link and per address over all links
     * (default 10 and 50 per 15 min).
     */
    failedSharePasswords?: SharePasswordLimits;
  };
  /** Folder for generated previews (server.ts: `cache` next to the database); none: no disk cache. */
  cacheDir?: string;
  /** Image resizes running at once (default 4); more requests wait their turn. */
  previewConcurrency?: number;
  /** Replaces rename(2) in moves: tests simulate a cross-device move with it. */
  moveRename?: RenameFn;
  /** Limits of archive extraction (default 100,000 entries, 50 GiB, ratio 1000). */
  extractLimits?: Partial<ExtractLimits>;
  /** Runs external programs (tools, shell, hooks); default: in bubblewrap, 2 per user, 4 in all. */
  runner?: Runner;
  /**
   * Without a working bubblewrap, run programs anyway with the limits alone (the server's
   * --unsandboxed-programs); default false: programs are off (503). For the default runner only.
   */
  unsandboxedPrograms?: boolean;
  /** The search index: watch the files for outside changes (default true), walk them again every `reconcileMs`. */
  search?: { watch?: boolean; reconcileMs?: number };
  /** Time limit of one shell command (default 120 s). */
  shellTimeoutMs?: number;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
/** How long after the start the sandbox probe runs (see onReady). */
const SANDBOX_PROBE_DELAY_MS = 1000;

/** Builds the whole application with every feature registered; never listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const baseURL = (options.baseURL ?? "").replace(/\/+$/, "");
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: false },
    forceCloseConnections: "idle",
    // The base URL prefix is optional (API.md §0.2): strip it before routing.
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      if (
        baseURL &&
        (url === baseURL || url.startsWith(baseURL + "/") || url.startsWith(baseURL + "?"))
      ) {
        return url.slice(baseURL.length) || "/";
      }
      return url;
    },
    ajv: { customOptions: { removeAdditional: "all", coerceTypes: true, useDefaults: true } },
    schemaController: {
      compilersFactory: {
        buildValidator: lazyValidatorFactory(),
        buildSerializer: lazySerializerFactory(),
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const root = options.root;
  const db = options.db;
  const settings = createSettingsStore(db);
  const users = createUsersStore(db);
  const sessions = createSessionsStore(db);
  const usersService = createUsersService({
    users,
    sessions,
    settings,
    root,
    // `tus` is made below; this runs only when a user is deleted.
    beforeRemove: (id) => tus.dropUploadsOf(id),
  });
  const auth = createAuthService({
    users,
    usersService,
    sessions,
    settings,
    usernameAttempts: options.limits?.failedLoginsPerUser ?? { max: 10, windowMs: 15 * 60_000 },
  });

  const events = createFileEvents();
  const storage = createStorage({
    root,
    globalRules: () => settings.getRules(),
  });
  const listings = createListingCache({ events });
  const resources = createResourcesService({ storage, events, listings });
  const extract = createExtractService({ storage, events, limits: options.extractLimits });
  const organise = createOrganiseService({ storage, events, rename: options.moveRename });
  const uploads = createUploadsStore(db);
  const tus = createTusService({
    resources,
    storage,
    uploads,
    events,
    settings,
  });
  // Abandoned uploads (idle for a day) are removed at start and every hour.
  const sweep = () =>
    void tus.sweep().catch((err: unknown) => app.log.warn({ err }, "upload sweep failed"));
  const sweepTimer = setInterval(sweep, 3_600_000);
  let closing = false;
  sweepTimer.unref();
  app.addHook("onReady", (done) => {
    sweep();
    // The first walk runs in the background, after start-up: reading a large tree's text files
    // into the index holds the event loop for a while, which must not stop the start.
    setImmediate(() => {
      if (!closing) void searchIndex.start();
    });
    // The sandbox probe runs a program (spawning costs milliseconds of this thread): a moment
    // after the start, so it never holds the first answers. A tool run waits for it anyway.
    const probe = setTimeout(() => {
      if (closing) return;
      void runner.state().then(
        (state) => logProgramsState(app, state),
        () => undefined,
      );
    }, SANDBOX_PROBE_DELAY_MS);
    probe.unref();
    done();
  });

  const runner =
    options.runner ?? createRunner({ unsandboxedPrograms: options.unsandboxedPrograms ?? false });
  const hooks = createHooks({
    storage,
    runner,
    settings,
    log: app.log,
    findUser: (id) => users.findById(id),
  });
  const detachUploadHooks = events.on((event) => {
    if (event.type === "uploaded") hooks.afterUploaded(event.userId, event.abs);
  });
  const tools = createToolsService({
    storage,
    runner,
    events,
    toolSettings: async () => (await settings.getSettings()).tools,
  });

  const downloads = createDownloadService({ userFs: (user) => storage.forUser(user) });
  const searchIndex = createSearchIndex({
    root,
    events,
    log: app.log,
    text: createTextIndex({
      file: options.cacheDir ? path.join(options.cacheDir, "search-text.db") : ":memory:",
      root,
      log: app.log,
    }),
    watch: options.search?.watch,
    reconcileMs: options.search?.reconcileMs,
  });
  const sharesStore = createSharesStore(db);
  const shareGate = createShareGate({
    store: sharesStore,
    users,
    storage,
    settings,
    failedPasswords: options.limits?.failedSharePasswords,
  });
  const inline = createInlineService({
    downloads,
    settings,
    users,
    sessions,
    shareLive: (hash, ownerId) => shareGate.isLive(hash, ownerId),
  });
  const publicShares = createPublicShareService({
    gate: shareGate,
    store: sharesStore,
    downloads,
    inline,
  });
  const dropBox = createDropBoxService({ gate: shareGate, store: sharesStore, tus, uploads });
  const previewCache = options.cacheDir ? createPreviewCache(options.cacheDir) : undefined;
  const previews = createPreviewService({
    downloads,
    settings,
    cache: previewCache,
    log: app.log,
    concurrency: options.previewConcurrency,
  });
  const subtitles = createSubtitlesService({ downloads });
  const detachPreviewCache = previewCache?.attach(events, (err) =>
    app.log.warn({ err }, "could not remove stale previews"),
  );

  registerErrorHandler(app);
  registerSecurityHeaders(app);

  // File Browser clients send JSON as text/plain: every JSON endpoint parses any content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      const text = String(body).trim();
      if (text === "") return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError("BAD_REQUEST", "The request body is not valid JSON"), undefined);
      }
    },
  );

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        "RATE_LIMITED",
        `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      ),
  });
  registerAuth(app, auth);
  // Shell sockets: small messages in, nothing buffered beyond a command line.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.route({
    ...routes.health,
    config: authConfig(routes.health),
    handler: () => ({ status: "OK" }),
  });
  app.register(openapiRoutes({ version: options.version ?? VERSION, baseURL }));
  app.register(authRoutes(auth, options.limits?.loginPerIp ?? { max: 30, windowMs: 60_000 }));
  app.register(usersRoutes(usersService, createRulesPreview({ root, settings })));
  app.register(
    sessionsRoutes(
      createSessionsService({
        sessions,
        userExists: async (id) => (await users.findById(id)) !== undefined,
      }),
    ),
  );
  app.register(
    settingsRoutes(
      createSettingsService(settings, () => runner.state()),
      createServerSettingsService(settings, options.version ?? VERSION),
    ),
  );
  app.register(usageRoutes(storage));
  app.register(
    resourcesRoutes(
      resources,
      {
        copy: (user, path, query) => organise.patch(user, path, query),
        rename: (user, path, query) => organise.patch(user, path, query),
        unzip: (user, path, query) => extract.unzip(user, path, query),
        "mauro:*": {
          authorize: (user, query) => tools.authorize(user, query),
          run: (user, path, query, signal) => tools.run(user, path, query, signal),
        },
      },
      hooks,
    ),
  );
  app.register(editionToolsRoutes(tools));
  app.register(
    shellRoutes(
      createShellService({ storage, runner, settings, timeoutMs: options.shellTimeoutMs }),
    ),
  );
  app.register(rawRoutes(downloads));
  app.register(inlineRoutes(inline, baseURL));
  app.register(previewRoutes(previews));
  app.register(subtitlesRoutes(subtitles));
  app.register(tusRoutes(tus, hooks));
  app.register(sharesRoutes(createSharesService({ store: sharesStore, storage })));
  app.register(publicShareRoutes(publicShares, baseURL));
  app.register(dropBoxRoutes(dropBox));
  app.register(searchRoutes(createSearchService({ storage, index: searchIndex })));

  registerWebApp(app, {
    webDist: options.webDist ?? DEFAULT_WEB_DIST,
    baseURL,
    version: options.version ?? VERSION,
    settings,
  });

  app.addHook("onClose", async () => {
    closing = true;
    listings.close();
    detachPreviewCache?.();
    searchIndex.close();
    detachUploadHooks();
    clearInterval(sweepTimer);
    await db.destroy();
  });
  return app;
}

/** The start's line about programs: in bubblewrap, off (and why), or run without a sandbox. */
function logProgramsState(app: FastifyInstance, state: RunnerState): void {
  const { reason, detail } = state;
  if (state.mode === "sandboxed") {
    app.log.info("programs (shell, hooks, edition tools) run in bubblewrap");
  } else if (state.mode === "off") {
    app.log.warn(
      { reason, detail },
      `programs are OFF: ${reason ?? "no sandbox"}; the shell, command hooks and edition tools answer 503 until bubblewrap works here (README, Security model; --unsandboxed-programs runs them without a sandbox)`,
    );
  } else {
    app.log.warn(
      { reason, detail },
      `programs run WITHOUT a sandbox (--unsandboxed-programs): ${reason ?? "no sandbox"}; each one can read and change everything the server's user can (README, Security model)`,
    );
  }
}
