/**
 * Our server for the WebDAV client tests: the real app (createTestApp) listening on a free port,
 * `/dav/` at its root, and Basic credentials for a user: an app password (POST /api/app-passwords,
 * read-write) when the server has the route, else the account password with the admin setting
 * `webdav.allowAccountPassword` (on here for that reason only).
 */
import type { Perm } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../helpers.js";
import { listen } from "../http.js";

export interface DavServer {
  t: TestContext;
  port: number;
  /** The base URL of /dav/, ending with `/`. */
  url: string;
  /** The admin's API token. */
  admin: string;
  /** Basic credentials for a user, an app password when the server has them. */
  credentials(username?: string, password?: string): Promise<{ user: string; password: string }>;
  /** Creates a user through the admin API (POST /api/users), with a scope and rules. */
  addUser(input: {
    username: string;
    password: string;
    scope: string;
    rules?: { allow: boolean; path: string; regex?: string }[];
    perm?: Partial<Perm>;
  }): Promise<void>;
  close(): Promise<void>;
}

export async function startDavServer(): Promise<DavServer> {
  const t = await createTestApp({
    settings: (s) => {
      s.webdav = { ...s.webdav, enabled: true, allowAccountPassword: true };
    },
  });
  const port = await listen(t.app);
  const admin = await t.login();
  const api = (method: "GET" | "POST", url: string, token: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { "x-auth": token, "content-type": "application/json" },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    t,
    port,
    url: `http://127.0.0.1:${port}/dav/`,
    admin,
    async credentials(username = "admin", password?: string) {
      const token = password ? await t.login(username, password) : await t.login(username);
      const res = await api("POST", "/api/app-passwords", token, {
        name: `client test ${Date.now()}`,
        readOnly: false,
      });
      if (res.statusCode === 404) {
        // Not yet on this server: the account password (allowAccountPassword is on).
        return { user: username, password: password ?? "admin-password-123" };
      }
      if (res.statusCode !== 200 && res.statusCode !== 201) {
        throw new Error(`POST /api/app-passwords: ${res.statusCode} ${res.body}`);
      }
      return { user: username, password: res.json<{ password: string }>().password };
    },
    async addUser({ username, password, scope, rules = [], perm = {} }) {
      const res = await api("POST", "/api/users", admin, {
        what: "user",
        which: [],
        data: {
          id: 0,
          username,
          password,
          scope,
          locale: "en",
          lockPassword: false,
          viewMode: "list",
          singleClick: false,
          perm: {
            admin: false,
            execute: false,
            create: true,
            rename: true,
            modify: true,
            delete: true,
            share: true,
            download: true,
            unzip: false,
            ...perm,
          },
          commands: [],
          sorting: { by: "name", asc: true },
          rules: rules.map((r) => ({
            allow: r.allow,
            path: r.regex ? "" : r.path,
            regex: r.regex !== undefined,
            regexp: { raw: r.regex ?? "" },
          })),
          hideDotfiles: false,
          dateFormat: false,
        },
      });
      if (res.statusCode !== 201) throw new Error(`POST /api/users: ${res.statusCode} ${res.body}`);
    },
    close: () => t.close(),
  };
}
