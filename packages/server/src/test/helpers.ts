import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { allPermissions, type ServerConfig, type Settings } from "@scriptorium/shared";
import { buildApp, type AppOptions } from "../app.js";
import { openDatabase, type Db } from "../db/database.js";
import { testDatabase } from "./test-database.js";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersService, type CreateUserInput } from "../features/users/users.service.js";
import { createUsersStore } from "../features/users/users.store.js";

export const ADMIN_PASSWORD = "admin-password-123";

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  dir: string;
  root: string;
  createUser(input: CreateUserInput): Promise<{ id: number }>;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a real SQLite file and files folder in a fresh temp directory,
 * with an `admin` user. `configure` edits settings before the app starts.
 */
export async function createTestApp(
  opts: {
    settings?: (s: Settings) => void;
    server?: (c: ServerConfig) => void;
    app?: Partial<AppOptions>;
    /**
     * Another instance beside `alongside`: the same database (a connection of its own) and
     * files folder, as behind a balancer; nothing is set up again, and its `close` leaves them.
     */
    alongside?: TestContext;
    /** The `--database` to use in the test's folder (default: `testDatabase(dir)`). */
    database?: (dir: string) => string;
  } = {},
): Promise<TestContext> {
  if (opts.alongside) return createSecondInstance(opts.alongside, opts.app);
  const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-test-"));
  const root = path.join(dir, "files");
  const db = await openDatabase(opts.database?.(dir) ?? (await testDatabase(dir)));
  const settingsStore = createSettingsStore(db);
  const settings = await settingsStore.getSettings();
  opts.settings?.(settings);
  await settingsStore.setSettings(settings);
  const server = await settingsStore.getServerConfig();
  opts.server?.(server);
  await settingsStore.setServerConfig(server);

  const made: { ctx?: TestContext } = {};
  // On the context's database of the moment: a test may replace it (a restart, a migration).
  const createUser = (input: CreateUserInput) => {
    const on = made.ctx?.db ?? db;
    return createUsersService({
      users: createUsersStore(on),
      sessions: createSessionsStore(on),
      settings: createSettingsStore(on),
      root,
    }).create(input);
  };
  await createUser({
    username: "admin",
    password: ADMIN_PASSWORD,
    fields: { scope: ".", perm: allPermissions() },
  });

  const app = await buildApp({
    db,
    root,
    webDist: path.join(dir, "no-web"),
    cacheDir: path.join(dir, "cache"),
    trashDir: path.join(dir, "trash"),
    versionsDir: path.join(dir, "versions"),
    fontCacheDir: path.join(dir, "fonts"),
    ...opts.app,
  });
  await app.ready();

  const ctx: TestContext = {
    app,
    db,
    dir,
    root,
    createUser,
    async login(username = "admin", password = ADMIN_PASSWORD) {
      // ctx.app, not app: a test may replace the app (a restart) and log in again.
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.body;
    },
    async close() {
      await ctx.app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  made.ctx = ctx;
  return ctx;
}

/** A second app on the database and files of `first` (see `createTestApp`'s `alongside`). */
async function createSecondInstance(
  first: TestContext,
  options: Partial<AppOptions> = {},
): Promise<TestContext> {
  const { dir, root } = first;
  const db = await openDatabase(await testDatabase(dir));
  const app = await buildApp({
    db,
    root,
    webDist: path.join(dir, "no-web"),
    cacheDir: path.join(dir, "cache-2"),
    trashDir: path.join(dir, "trash"),
    versionsDir: path.join(dir, "versions"),
    fontCacheDir: path.join(dir, "fonts-2"),
    ...options,
  });
  await app.ready();
  const ctx: TestContext = {
    ...first,
    app,
    db,
    login: (username = "admin", password = ADMIN_PASSWORD) => loginTo(ctx.app, username, password),
    close: () => app.close(),
  };
  return ctx;
}

async function loginTo(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** The JSON error body of a response, checked to have our shape. */
export function errorOf(res: LightMyRequestResponse): {
  status: number;
  code: string;
  message: string;
} {
  const body = res.json<{ status: number; code: string; message: string }>();
  if (typeof body.code !== "string" || typeof body.message !== "string") {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}

/** Decodes a JWT payload without verifying it, as the web app does. */
export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}
