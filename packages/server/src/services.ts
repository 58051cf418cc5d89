import path from "node:path";
import { isWithin } from "@scriptorium/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppOptions } from "./app-options.js";
import { createActivityService } from "./features/activity/activity.service.js";
import { createActivityStore } from "./features/activity/activity.store.js";
import { createLiveHub } from "./features/activity/live.js";
import { createAppPasswordsService } from "./features/app-passwords/app-passwords.service.js";
import { createAppPasswordsStore } from "./features/app-passwords/app-passwords.store.js";
import { createDavLogin } from "./features/app-passwords/dav-login.js";
import { createAuthService, sessionLifetimeMs } from "./features/auth/auth.service.js";
import { createDownloadService } from "./features/downloads/downloads.service.js";
import { createSynctexService } from "./features/synctex/synctex.service.js";
import { createToolStates } from "./features/edition-tools/tool-states.js";
import { createToolsService } from "./features/edition-tools/tools.service.js";
import { authorizeUnzip, createExtractService } from "./features/extract/extract.service.js";
import { createHooks } from "./features/hooks/hooks.service.js";
import { createInlineService } from "./features/inline/inline.service.js";
import { authorizeOrganise, createOrganiseService } from "./features/organise/organise.service.js";
import { createPreviewCache } from "./features/preview/preview-cache.js";
import { createPreviewService } from "./features/preview/preview.service.js";
import { createListingCache } from "./features/resources/listing-cache.js";
import type { PatchAction } from "./features/resources/resources.routes.js";
import { createResourcesService } from "./features/resources/resources.service.js";
import { createSearchIndex } from "./features/search/search-index.js";
import { createSearchService } from "./features/search/search.service.js";
import { createTextIndex } from "./features/search/text-index.js";
import { createPgTextIndex } from "./features/search/pg-text-index.js";
import { createPgLeadership } from "./features/search/pg-leader.js";
import { createPgNameIndex } from "./features/search/pg-name-index.js";
import { createSessionsService } from "./features/sessions/sessions.service.js";
import { createSessionsStore } from "./features/sessions/sessions.store.js";
import { createServerSettingsService } from "./features/settings/server-settings.service.js";
import { createSettingsService } from "./features/settings/settings.service.js";
import { createSettingsStore } from "./features/settings/settings.store.js";
import { createDropBoxService } from "./features/shares/drop-box.service.js";
import { createPublicShareService } from "./features/shares/public-share.service.js";
import { createShareGate } from "./features/shares/share-gate.js";
import { createSharesService } from "./features/shares/shares.service.js";
import { createSharesStore } from "./features/shares/shares.store.js";
import { createShellService } from "./features/shell/shell.service.js";
import { createSubtitlesService } from "./features/subtitles/subtitles.service.js";
import { createTrashService, type TrashDeps } from "./features/trash/trash.service.js";
import { createVersionKeeper } from "./features/versions/versions.keeper.js";
import { createVersionsService } from "./features/versions/versions.service.js";
import { createVersionsStore } from "./features/versions/versions.store.js";
import { startEventsBridge } from "./features/cluster/events-bridge.js";
import { countedDb } from "./features/operations/db-metrics.js";
import { poolOf } from "./db/postgres/open-postgres.js";
import type pg from "pg";
import { createMetrics, type Metrics } from "./features/operations/metrics.js";
import { observedRunner } from "./features/operations/observed-runner.js";
import { createReadiness } from "./features/operations/readiness.js";
import { createTrashStore } from "./features/trash/trash.store.js";
import { createTusService } from "./features/tus/tus.service.js";
import { createUploadWriters } from "./features/tus/upload-writers.js";
import { createUploadsStore } from "./features/tus/uploads.store.js";
import { createRulesPreview } from "./features/users/rules-preview.js";
import { createUsersService } from "./features/users/users.service.js";
import { createUsersStore } from "./features/users/users.store.js";
import { createAttemptCounter } from "./lib/attempts.js";
import { createDbAttempts } from "./db/attempts.store.js";
import { createRunner } from "./runner/runner.js";
import { createFileEvents } from "./storage/events.js";
import { createScopeSizes } from "./features/usage/scope-sizes.js";
import { createUsageService } from "./features/usage/usage.service.js";
import { createStorage } from "./storage/storage.js";
import { createTrashBin } from "./storage/trash-bin.js";
import { createVersionBlobs } from "./storage/version-blobs.js";
import { VERSION } from "./version.js";
import type { DavDeps } from "./features/webdav/dav-context.js";
import { createDavLocks, createDavProps } from "./features/webdav/dav-locks.js";
import { createWebdavStore } from "./features/webdav/webdav.store.js";

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The trash (none without a trash folder, or with one inside the files folder, where users
 * could reach it: deletion is then immediate).
 */
function createTrash(
  options: Pick<AppOptions, "db" | "root" | "trashDir" | "trashRename">,
  deps: Pick<TrashDeps, "storage" | "settings" | "users" | "events" | "versions">,
) {
  const { trashDir, root } = options;
  if (!trashDir || isWithin(path.resolve(root), path.resolve(trashDir))) return undefined;
  return createTrashService({
    ...deps,
    store: createTrashStore(options.db),
    bin: createTrashBin({ dir: trashDir, filesRoot: root, rename: options.trashRename }),
  });
}

/**
 * The version keeper (none without a versions folder, or with one inside the files folder).
 */
function createVersions(
  options: Pick<AppOptions, "db" | "root" | "versionsDir">,
  settings: ReturnType<typeof createSettingsStore>,
) {
  const { versionsDir, root } = options;
  if (!versionsDir || isWithin(path.resolve(root), path.resolve(versionsDir))) return undefined;
  const store = createVersionsStore(options.db);
  const blobs = createVersionBlobs({ dir: versionsDir, filesRoot: root });
  return { store, keeper: createVersionKeeper({ store, blobs, settings }) };
}

/**
 * Stores, accounts and the files layer: what every other part is built on. The `users`
 * commands build it too, so that they change and delete users as the API does.
 */
export function createCore(
  options: Pick<AppOptions, "db" | "root" | "limits" | "trashDir" | "trashRename" | "versionsDir">,
  log?: FastifyBaseLogger,
  metrics?: Metrics,
) {
  const { db, root } = options;
  // Brute-force counters in the database: every instance on it counts together.
  const attemptsBackend = createDbAttempts(db);
  const settings = createSettingsStore(db);
  const users = createUsersStore(db);
  const sessions = createSessionsStore(db);
  const uploads = createUploadsStore(db);
  const events = createFileEvents();
  const kept = createVersions(options, settings);
  const storage = createStorage({
    root,
    globalRules: () => settings.getRules(),
    versions: kept?.keeper.hook,
  });
  const activity = createActivityService({
    store: createActivityStore(db),
    storage,
    events,
    settings,
    usernameOf: async (id) => (await users.findById(id))?.username,
    log,
  });
  const listings = createListingCache({ events, onLookup: metrics?.listingLookup });
  const scopeSizes = createScopeSizes({ events });
  const trash = createTrash(options, { storage, settings, users, events, versions: kept?.keeper });
  const versions = kept && createVersionsService({ ...kept, storage, events });
  const resources = createResourcesService({ storage, events, listings, trash });
  const uploadWriters = createUploadWriters(db);
  const tus = createTusService({
    resources,
    storage,
    uploads,
    events,
    settings,
    writers: uploadWriters,
  });
  const usersService = createUsersService({
    users,
    sessions,
    settings,
    root,
    beforeRemove: async (id) => {
      await tus.dropUploadsOf(id);
      await trash?.dropUser(id);
    },
    activity,
    attemptsBackend,
  });
  // One count of failed logins per username, for /api/login and WebDAV's Basic credentials.
  const attempts = createAttemptCounter(
    options.limits?.failedLoginsPerUser ?? { max: 10, windowMs: FIFTEEN_MINUTES },
    { backend: attemptsBackend, kind: "login-user" },
  );
  // Requests to /api/login and /api/signup per address (`--login-limit`).
  const loginPerAddress = createAttemptCounter(
    options.limits?.loginPerIp ?? { max: 30, windowMs: 60_000 },
    { backend: attemptsBackend, kind: "login-address" },
  );
  const auth = createAuthService({ users, usersService, sessions, settings, attempts, activity });
  const appPasswordsStore = createAppPasswordsStore(db);
  return {
    attemptsBackend,
    loginPerAddress,
    settings,
    users,
    sessions,
    uploads,
    events,
    activity,
    storage,
    listings,
    scopeSizes,
    usage: createUsageService({ storage, sizes: scopeSizes }),
    trash,
    versions,
    resources,
    tus,
    uploadWriters,
    usersService,
    auth,
    appPasswords: createAppPasswordsService({ store: appPasswordsStore }),
    davLogin: createDavLogin({
      users,
      settings,
      appPasswords: appPasswordsStore,
      attempts,
      failedPerAddress: options.limits?.loginPerIp,
      attemptsBackend,
      activity,
    }),
  };
}

type Core = ReturnType<typeof createCore>;

/** What runs programs: the runner, the event hooks, the edition tools and the shell. */
function createPrograms(options: AppOptions, core: Core, log: FastifyBaseLogger, metrics: Metrics) {
  const { storage, settings, events, users } = core;
  const runner = observedRunner(
    options.runner ??
      createRunner({ unsandboxedPrograms: options.unsandboxedPrograms ?? false, db: options.db }),
    metrics,
  );
  const hooks = createHooks({
    storage,
    runner,
    settings,
    log,
    findUser: (id) => users.findById(id),
  });
  const tools = createToolsService({
    storage,
    runner,
    events,
    toolSettings: async () => (await settings.getSettings()).tools,
    onRun: metrics.toolRun,
    // Never inside the files folder, where users could write fonts for everyone.
    fontCacheDir:
      options.fontCacheDir &&
      !isWithin(path.resolve(options.root), path.resolve(options.fontCacheDir))
        ? path.resolve(options.fontCacheDir)
        : undefined,
  });
  const shell = createShellService({
    storage,
    runner,
    settings,
    timeoutMs: options.shellTimeoutMs,
  });
  const toolStates = createToolStates({
    runner,
    toolSettings: async () => (await settings.getSettings()).tools,
  });
  return { runner, hooks, tools, toolStates, shell };
}

/** Every PATCH action of /api/resources and the feature that does its work. */
function patchActions(
  options: AppOptions,
  core: Core,
  tools: ReturnType<typeof createPrograms>["tools"],
) {
  const { storage, events } = core;
  const organise = createOrganiseService({
    storage,
    events,
    trash: core.trash,
    rename: options.moveRename,
    keepsVersion: core.versions?.keepsVersion,
  });
  const extract = createExtractService({ storage, events, limits: options.extractLimits });
  const move: PatchAction = {
    authorize: authorizeOrganise,
    run: (user, path, query) => organise.patch(user, path, query),
  };
  return {
    copy: move,
    rename: move,
    unzip: {
      authorize: authorizeUnzip,
      run: (user, path, query) => extract.unzip(user, path, query),
    },
    "mauro:*": {
      authorize: (user, query) => tools.authorize(user, query),
      run: (user, path, query, signal) => tools.run(user, path, query, signal),
    },
  } satisfies Record<string, PatchAction>;
}

/** What sends files: downloads, inline pages, previews, subtitles, share links and drop boxes. */
function createDelivery(options: AppOptions, core: Core, log: FastifyBaseLogger) {
  const { storage, settings, users, sessions, tus, uploads, activity } = core;
  const downloads = createDownloadService({ userFs: (user) => storage.forUser(user) });
  const sharesStore = createSharesStore(options.db);
  const gate = createShareGate({
    store: sharesStore,
    users,
    storage,
    settings,
    failedPasswords: options.limits?.failedSharePasswords,
    attemptsBackend: core.attemptsBackend,
  });
  const inline = createInlineService({
    downloads,
    settings,
    users,
    sessions,
    shareLive: (hash, ownerId) => gate.isLive(hash, ownerId),
  });
  const previewCache = options.cacheDir ? createPreviewCache(options.cacheDir) : undefined;
  return {
    downloads,
    inline,
    previewCache,
    previews: createPreviewService({
      downloads,
      settings,
      cache: previewCache,
      log,
      concurrency: options.previewConcurrency,
    }),
    subtitles: createSubtitlesService({ downloads }),
    synctex: createSynctexService({ downloads }),
    shares: createSharesService({ store: sharesStore, storage, activity }),
    publicShares: createPublicShareService({
      gate,
      store: sharesStore,
      downloads,
      inline,
      activity,
    }),
    dropBox: createDropBoxService({ gate, store: sharesStore, tus, uploads }),
  };
}

/** The search index over the files folder, and the service answering searches through it. */
function createSearch(options: AppOptions, core: Core, log: FastifyBaseLogger, pool?: pg.Pool) {
  const { root, cacheDir } = options;
  // On PostgreSQL, names and words are shared by every instance (one writes them at a time).
  const leadership = pool ? createPgLeadership({ pool, log }) : undefined;
  const index = createSearchIndex({
    root,
    events: core.events,
    log,
    text: pool
      ? createPgTextIndex({ pool, root, log, leadership })
      : createTextIndex({
          file: cacheDir ? path.join(cacheDir, "search-text.db") : ":memory:",
          root,
          log,
        }),
    names: pool && leadership ? createPgNameIndex({ pool, log, leadership }) : undefined,
    leadership,
    watch: options.search?.watch,
    reconcileMs: options.search?.reconcileMs,
  });
  return { index, service: createSearchService({ storage: core.storage, index }) };
}

/** What WebDAV at /dav/ works with: the core's files and settings, its locks and properties. */
function createWebdav(options: AppOptions, core: Core): DavDeps {
  const store = createWebdavStore(options.db);
  return {
    storage: core.storage,
    events: core.events,
    settings: core.settings,
    login: core.davLogin,
    locks: createDavLocks(store),
    props: createDavProps(store),
    sizes: core.scopeSizes,
    trash: core.trash,
    keepsVersion: core.versions?.keepsVersion,
  };
}

/**
 * Every service of the app, built from its explicit dependencies; `close` detaches what
 * listens to file events. The features' plugins start and stop their own work (search, tus).
 */
export function createServices(appOptions: AppOptions, log: FastifyBaseLogger) {
  const metrics = createMetrics();
  const pool = poolOf(appOptions.db);
  if (pool) metrics.registerPoolMetrics(pool);
  const options = { ...appOptions, db: countedDb(appOptions.db, metrics) };
  const core = createCore(options, log, metrics);
  const programs = createPrograms(options, core, log, metrics);
  metrics.gauge("scriptorium_tus_uploads_in_progress", "tus uploads begun and not finished", () =>
    core.uploads.count(),
  );
  metrics.gauge("scriptorium_programs_running", "External programs running now", () =>
    Promise.resolve(programs.runner.active),
  );
  const delivery = createDelivery(options, core, log);
  const version = options.version ?? VERSION;
  const detachUploadHooks = core.events.on((event) => {
    if (event.type === "uploaded" && !event.remote)
      programs.hooks.afterUploaded(event.userId, event.abs);
  });
  const detachPreviewCache = delivery.previewCache?.attach(core.events, (err) =>
    log.warn({ err }, "could not remove stale previews"),
  );
  return {
    ...core,
    ...programs,
    ...delivery,
    version,
    /** On PostgreSQL: the file events of the other instances, emitted here (features/cluster). */
    eventsBridge: startEventsBridge({
      db: appOptions.db,
      events: core.events,
      root: options.root,
      log,
    }),
    metrics,
    readiness: createReadiness({ db: options.db, storage: core.storage }),
    actions: patchActions(options, core, programs.tools),
    search: createSearch(options, core, log, pool),
    webdav: createWebdav(options, core),
    rulesPreview: createRulesPreview({ root: options.root, settings: core.settings }),
    sessionsService: createSessionsService({
      sessions: core.sessions,
      userExists: async (id) => (await core.users.findById(id)) !== undefined,
      lifetimeMs: () => sessionLifetimeMs(core.settings),
    }),
    settingsService: createSettingsService(
      core.settings,
      () => programs.runner.state(),
      core.activity,
    ),
    serverSettings: createServerSettingsService(core.settings, version, core.activity),
    live: createLiveHub(
      {
        onLine: (listener) => core.activity.onLine(listener),
        viewerFor: (user) => core.activity.viewerFor(user),
        findUser: (id) => core.users.findById(id),
        sessionLive: (id) => core.auth.sessionLive(id),
      },
      options.live,
    ),
    close(): void {
      core.activity.close();
      core.listings.close();
      core.scopeSizes.close();
      detachPreviewCache?.();
      detachUploadHooks();
      core.uploadWriters.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
