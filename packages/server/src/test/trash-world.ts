import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Settings, TrashItem } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "./helpers.js";
import { buildApp, type AppOptions } from "../app.js";
import { openDatabase } from "../db/database.js";
import { testDatabase } from "./test-database.js";

/** A test app with the user `ada` (scope /ada) holding a few files, and calls of the trash. */
export async function trashWorld(
  opts: { settings?: (s: Settings) => void; app?: Partial<AppOptions> } = {},
) {
  const t: TestContext = await createTestApp(opts);
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  const scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "books", "liber1"), { recursive: true });
  await writeFile(path.join(scope, "books", "a.txt"), "alpha");
  await writeFile(path.join(scope, "books", "liber1", "cap1.tex"), "\\Unit caput");
  const token = await t.login("ada", "ada-password-12");
  const call = (method: "GET" | "POST" | "DELETE", url: string, auth = token) =>
    t.app.inject({ method, url, headers: { "x-auth": auth } });
  return {
    t,
    scope,
    token,
    at: (...p: string[]) => path.join(scope, ...p),
    call,
    remove: (p: string, auth = token) => call("DELETE", `/api/resources${p}`, auth),
    async list(auth = token, query = ""): Promise<TrashItem[]> {
      const res = await call("GET", `/api/trash${query}`, auth);
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
      return res.json<TrashItem[]>();
    },
    restore: (id: string, auth = token) => call("POST", `/api/trash/${id}/restore`, auth),
    forget: (id: string, auth = token) => call("DELETE", `/api/trash/${id}`, auth),
    empty: (auth = token) => call("DELETE", "/api/trash", auth),
    /** Stops the app and starts it again on the same database and folders. */
    async restart(app: Partial<AppOptions> = {}): Promise<string> {
      await t.app.close();
      t.db = await openDatabase(await testDatabase(t.dir));
      t.app = await buildApp({
        db: t.db,
        root: t.root,
        webDist: path.join(t.dir, "no-web"),
        trashDir: path.join(t.dir, "trash"),
        versionsDir: path.join(t.dir, "versions"),
        ...app,
      });
      await t.app.ready();
      return t.login("ada", "ada-password-12");
    },
    /** The trash folder's content of an item (its entry under its own name). */
    stored: (userId: number, id: string, name: string) =>
      path.join(t.dir, "trash", String(userId), id, name),
  };
}

export type TrashWorld = Awaited<ReturnType<typeof trashWorld>>;
