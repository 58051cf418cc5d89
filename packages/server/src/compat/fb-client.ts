/**
 * The request shapes of File Browser's web clients (API.md Part B), replayed with the real
 * `fetch` against the real app listening on a free port: string bodies go out as
 * `text/plain;charset=UTF-8` exactly as a browser's `fetch` sends them, the token in `X-Auth`.
 */
import path from "node:path";
import { allPermissions, type Settings } from "@scriptorium/shared";
import { expect } from "vitest";
import { buildApp, type AppOptions } from "../app.js";
import { openDatabase } from "../db/database.js";
import { listen } from "../test/http.js";
import { createTestApp, type TestContext } from "../test/helpers.js";

export const PASSWORD = "ada-password-12";

export interface Compat {
  t: TestContext;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** ada's token, from a login made as File Browser's client makes it. */
  token: string;
  /** ada's scope on disk. */
  scope: string;
  /** fetch(base + url) with `X-Auth: <token>` unless `token` is given ("" sends it empty). */
  api(url: string, init?: RequestInit & { token?: string }): Promise<Response>;
}

/**
 * Moves a SQLite installation (`file`, in the test's folder `dir`) to another database and
 * returns the location of the result (`scriptorium migrate`'s test sets it).
 */
export type CompatMigration = (file: string, dir: string) => Promise<string>;

let migration: CompatMigration | undefined;

/**
 * From now on in this test file, `startCompat` builds its installation (settings, admin, ada)
 * on SQLite, moves it with `migrate`, and serves the app from the result: the compatibility
 * cases then run on a migrated database.
 */
export function compatOnMigratedDatabase(migrate: CompatMigration): void {
  migration = migrate;
}

/** The test's app stopped, its database moved by `migration`, and started again on the result. */
async function migrated(t: TestContext, migrate: CompatMigration, app?: Partial<AppOptions>) {
  await t.app.close();
  t.db = await openDatabase(await migrate(path.join(t.dir, "source.db"), t.dir));
  t.app = await buildApp({
    db: t.db,
    root: t.root,
    webDist: path.join(t.dir, "no-web"),
    cacheDir: path.join(t.dir, "cache"),
    trashDir: path.join(t.dir, "trash"),
    versionsDir: path.join(t.dir, "versions"),
    fontCacheDir: path.join(t.dir, "fonts"),
    ...app,
  });
  await t.app.ready();
}

/**
 * A fresh app on a real socket with the user `ada` (every permission but admin, scope `/ada`)
 * logged in. `settings` edits the global settings first; `app` adds options of buildApp.
 */
export async function startCompat(
  settings?: (s: Settings) => void,
  app?: Partial<AppOptions>,
): Promise<Compat> {
  const database = migration && ((dir: string) => path.join(dir, "source.db"));
  const t = await createTestApp({ settings, app, database });
  const perm = { ...allPermissions(), admin: false };
  await t.createUser({ username: "ada", password: PASSWORD, fields: { scope: "/ada", perm } });
  if (migration) await migrated(t, migration, app);
  const scope = path.join(t.root, "ada");
  const base = `http://127.0.0.1:${await listen(t.app)}`;
  const token = await (await login(base, "ada", PASSWORD)).text();
  const api = (url: string, init: RequestInit & { token?: string } = {}) => {
    const { token: own, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("X-Auth")) headers.set("X-Auth", own ?? token);
    return fetch(base + url, { ...rest, headers });
  };
  return { t, base, token, scope, api };
}

/** POST /api/login as the login page sends it (API.md §1.4): JSON with application/json. */
export function login(base: string, username: string, password: string): Promise<Response> {
  return fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, recaptcha: "" }),
  });
}

/**
 * A user path as the web client puts it in URLs: every segment `encodeURIComponent`-ed, plus
 * `' ( ) *` (API.md §6.2 and §14.1).
 */
export function encodePath(p: string): string {
  return p
    .split("/")
    .map((s) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`))
    .join("/");
}

/** The `{status, code, message}` body every error carries (API.md Part A §2, §21). */
export async function errorBody(res: Response): Promise<{
  status: number;
  code: string;
  message: string;
}> {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { status: number; code: string; message: string };
  expect(body).toMatchObject({
    status: res.status,
    code: expect.any(String) as string,
    message: expect.any(String) as string,
  });
  // A 5xx adds the request id its log line carries (Part A §21), and nothing else.
  const allowed = ["status", "code", "message", ...(res.status >= 500 ? ["requestId"] : [])];
  expect(Object.keys(body).filter((k) => !allowed.includes(k))).toEqual([]);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** Decodes a JWT payload without verifying it, as the web client does (API.md §1.2). */
export function claimsOf(token: string): Record<string, unknown> {
  const part = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}
