import { mkdirSync } from "node:fs";
import nodeModule from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, servicesOf } from "./app.js";
import { openDatabase } from "./db/database.js";
import { isPostgresUrl } from "./db/engine.js";
import { ensureFirstAdmin } from "./features/users/first-admin.js";
import { loggerOptions } from "./lib/logger.js";
import type { ServeOptions } from "./config.js";
import { createSettingsStore } from "./features/settings/settings.store.js";
import { createSessionsStore } from "./features/sessions/sessions.store.js";
import { sessionLifetimeMs } from "./features/auth/auth.service.js";
import { IDLE_MEMORY_DEFAULTS } from "./http/idle-memory.js";

/** A one-line error for the terminal, with the exit code the CLI should use. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * Opens the database, creates the files folder and the first admin if needed, and listens.
 * SIGTERM/SIGINT close it gracefully: in-flight requests finish, then the database closes,
 * within `shutdownTimeoutMs` (past it the process exits with status 1).
 */
export async function startServer(
  opts: ServeOptions,
  print: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): Promise<FastifyInstance> {
  // Everything the server creates (database, WAL files, folders) is private to its user.
  process.umask(0o077);
  const root = path.resolve(opts.root);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const postgres = isPostgresUrl(opts.database);
  const database = postgres ? opts.database : path.resolve(opts.database);
  // The server's own folders (trash, versions, caches): beside a SQLite file by default; for
  // PostgreSQL, --data (every instance of one installation names the same shared folder).
  const data = path.resolve(opts.data ?? (postgres ? "./data" : path.dirname(database)));
  const db = await openDatabase(database);
  const settings = createSettingsStore(db);
  if (opts.noauth) {
    const server = await settings.getServerConfig();
    await settings.setServerConfig({ ...server, authMethod: "noauth" });
  }
  if (!(await settings.isInitialised())) await settings.setSettings(await settings.getSettings());
  const sessions = createSessionsStore(db);
  const pruneSessions = async () => sessions.prune(Date.now(), await sessionLifetimeMs(settings));
  await pruneSessions();
  const pruneTimer = setInterval(() => void pruneSessions().catch(() => undefined), 3_600_000);
  pruneTimer.unref();
  const admin = await ensureFirstAdmin(db, root);
  if (admin) {
    print(
      `First start: created the administrator "${admin.username}" with the password ${admin.password}` +
        ` (shown only this once; change it in Settings → Profile).`,
    );
  }

  const app = await buildApp({
    db,
    root,
    baseURL: opts.baseURL,
    cacheDir: path.join(data, "cache"),
    trashDir: path.join(data, "trash"),
    versionsDir: path.join(data, "versions"),
    fontCacheDir: path.join(data, "fonts"),
    logger: loggerOptions(process.env.SCRIPTORIUM_LOG_LEVEL ?? "info"),
    unsandboxedPrograms: opts.unsandboxedPrograms,
    limits: { loginPerIp: { max: opts.loginLimit, windowMs: 60_000 } },
    metricsToken: opts.metricsToken,
    trustedProxies: opts.trustedProxies,
    idleMemory: IDLE_MEMORY_DEFAULTS,
  });
  try {
    await app.listen({ host: opts.address, port: opts.port });
  } catch (err) {
    await app.close();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new StartupError(`Port ${opts.port} on ${opts.address} is already in use.`, 1);
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      throw new StartupError(`Cannot listen on address ${opts.address}.`, 1);
    }
    throw err;
  }
  const shown = opts.address.includes(":") ? `[${opts.address}]` : opts.address;
  print(`Scriptorium is listening on http://${shown}:${opts.port}${opts.baseURL}/`);
  // V8's compile cache (bin/scriptorium.js turns it on) is written now, with the code the start
  // ran, not at exit: by then the idle trims have dropped most of that code (http/idle-memory.ts),
  // and a cache written from what was left made the next starts slower (Node + 155 ms, not 127).
  // Once a start has read an accepted cache, this writes nothing.
  nodeModule.flushCompileCache?.();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: opts.shutdownTimeoutMs }, "shutting down");
    clearInterval(pruneTimer);
    // /ready answers 503 from now on; no new connection is accepted; running requests (an
    // upload's chunk too) finish; live streams and WebSockets end; then the database closes.
    servicesOf(app)?.readiness.drain();
    setTimeout(() => {
      app.log.error({ timeoutMs: opts.shutdownTimeoutMs }, "shutdown took too long: exiting");
      process.exit(1);
    }, opts.shutdownTimeoutMs);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return app;
}
