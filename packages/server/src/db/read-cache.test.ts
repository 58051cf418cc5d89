import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionsStore } from "../features/sessions/sessions.store.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersService } from "../features/users/users.service.js";
import { createUsersStore } from "../features/users/users.store.js";
import { openDatabase, type Db } from "./database.js";
import { createReadCache, generationOf } from "./read-cache.js";

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-read-cache-"));
  file = path.join(dir, "db.sqlite");
  db = await openDatabase(file);
});

afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** A user made the way the app makes one (with a scope folder under `dir`). */
async function addUser(username: string): Promise<{ id: number }> {
  const service = createUsersService({
    users: createUsersStore(db),
    sessions: createSessionsStore(db),
    settings: createSettingsStore(db),
    root: path.join(dir, "files"),
  });
  return service.create({ username, password: "a-long-password-1", fields: { scope: "/ada" } });
}

/** What separates two requests: a turn of the event loop. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Another process's connection, as the `scriptorium` CLI opens while the server runs. */
function otherConnection(): DatabaseSync {
  const other = new DatabaseSync(file);
  other.exec("PRAGMA busy_timeout = 5000;");
  return other;
}

describe("the read cache", () => {
  it("keeps the generation while nothing is written, and moves it on any write of ours", async () => {
    const store = createSettingsStore(db);
    await store.setSettings(await store.getSettings());
    const before = generationOf(db);
    await store.getSettings();
    await store.getServerConfig();
    expect(generationOf(db)).toBe(before);
    await store.setServerConfig(await store.getServerConfig());
    expect(generationOf(db)).not.toBe(before);
  });

  it("serves a second read without loading, and loads again after a write", async () => {
    const cached = createReadCache<{ n: number }>(db);
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    expect(await cached("k", load)).toEqual({ n: 1 });
    expect(await cached("k", load)).toEqual({ n: 1 });
    await createSettingsStore(db).setSettings(await createSettingsStore(db).getSettings());
    expect(await cached("k", load)).toEqual({ n: 2 });
  });

  it("never keeps a value loaded while a write happened", async () => {
    const cached = createReadCache<number>(db);
    const store = createSettingsStore(db);
    let loads = 0;
    const first = await cached("k", async () => {
      await store.setSettings(await store.getSettings());
      return ++loads;
    });
    expect(first).toBe(1);
    expect(await cached("k", () => Promise.resolve(++loads))).toBe(2);
  });

  it("sees settings changed by another connection from the next request on", async () => {
    const store = createSettingsStore(db);
    const settings = await store.getSettings();
    await store.setSettings(settings);
    expect((await store.getSettings()).signup).toBe(false);
    const other = otherConnection();
    other
      .prepare("UPDATE settings SET value = ? WHERE key = 'settings'")
      .run(JSON.stringify({ ...settings, signup: true }));
    other.close();
    await nextTurn();
    expect((await store.getSettings()).signup).toBe(true);
  });

  it("ends a session and deletes a user for the next request when another connection does it", async () => {
    const users = createUsersStore(db);
    const sessions = createSessionsStore(db);
    const created = await addUser("ada");
    const session = await sessions.create(created.id, 60_000);
    expect((await sessions.find(session.id))?.revokedAt).toBeNull();
    expect((await users.findById(created.id))?.username).toBe("ada");

    const other = otherConnection();
    other.prepare("UPDATE sessions SET revoked_at = 1 WHERE id = ?").run(session.id);
    await nextTurn();
    expect((await sessions.find(session.id))?.revokedAt).toBe(1);
    other.prepare("DELETE FROM sessions").run();
    other.prepare("DELETE FROM users WHERE id = ?").run(created.id);
    other.close();
    await nextTurn();
    expect(await users.findById(created.id)).toBeUndefined();
  });

  it("sees our own changes to a user at once", async () => {
    const users = createUsersStore(db);
    const created = await addUser("ada");
    const user = (await users.findById(created.id))!;
    await users.update({ ...user, scope: "/elsewhere" });
    expect((await users.findById(created.id))?.scope).toBe("/elsewhere");
  });

  it("hands each caller its own settings, and the rules frozen", async () => {
    const store = createSettingsStore(db);
    await store.setSettings({
      ...(await store.getSettings()),
      rules: [{ allow: false, path: "/a", regex: false, regexp: { raw: "" } }] as never,
    });
    const one = await store.getSettings();
    one.commands.after_save = ["changed"];
    expect((await store.getSettings()).commands.after_save).not.toEqual(["changed"]);
    const rules = await store.getRules();
    expect(rules).toHaveLength(1);
    expect(await store.getRules()).toBe(rules);
    expect(() => (rules as unknown[]).push({})).toThrow(TypeError);
    await store.setSettings({ ...(await store.getSettings()), rules: [] });
    expect(await store.getRules()).toEqual([]);
  });
});
