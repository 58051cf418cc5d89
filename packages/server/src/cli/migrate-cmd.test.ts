import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { allPermissions } from "@scriptorium/shared";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/database.js";
import { basic } from "../test/dav-world.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { tablesWithRows } from "./migrate/copy.js";
import { cli, freshPostgres, startPostgres, stopPostgres } from "../test/migrate-fixtures.js";

const PASSWORD = "ada-password-12";
const SHARE_PASSWORD = "share-secret-9";
const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/>' +
  "</D:lockscope><D:locktype><D:write/></D:locktype><D:owner>ada</D:owner></D:lockinfo>";
const PROPPATCH =
  '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:edition">' +
  "<D:set><D:prop><Z:witness>codex A</Z:witness></D:prop></D:set></D:propertyupdate>";

beforeAll(startPostgres, 120_000);
afterAll(stopPostgres);

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sourceOf = (dir: string) => path.join(dir, "source.db");

/** A SQLite installation made through the app: every table holds rows. */
async function populate() {
  t = await createTestApp({
    database: sourceOf,
    settings: (s) => {
      s.webdav.allowAccountPassword = true;
    },
  });
  const perm = { ...allPermissions(), admin: false };
  await t.createUser({ username: "ada", password: PASSWORD, fields: { scope: "/ada", perm } });
  const scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "books"), { recursive: true });
  for (const name of ["a.txt", "b.txt", "gone.txt", "locked.txt"]) {
    await writeFile(path.join(scope, "books", name), `text of ${name}`);
  }
  const token = await t.login("ada", PASSWORD);
  const app = t.app;
  const call = (method: string, url: string, extra: Record<string, unknown> = {}) =>
    app.inject({ method: method as "GET", url, headers: { "x-auth": token }, ...extra });

  const put = await call("PUT", "/api/resources/books/a.txt", {
    headers: { "x-auth": token, "content-type": "text/plain" },
    payload: "a second text",
  });
  expect(put.statusCode).toBe(200);
  const share = await call("POST", "/api/share/books/b.txt", {
    payload: { password: SHARE_PASSWORD, expires: "2", unit: "days", maxDownloads: "10" },
  });
  expect(share.statusCode).toBe(200);
  const hash = share.json<{ hash: string }>().hash;
  const dl = await app.inject({
    url: `/api/public/dl/${hash}`,
    headers: { "x-share-password": SHARE_PASSWORD },
  });
  expect(dl.statusCode).toBe(200);
  expect((await call("DELETE", "/api/resources/books/gone.txt")).statusCode).toBe(204);
  const tus = await call("POST", "/api/tus/books/big.bin?override=false", {
    headers: { "x-auth": token, "upload-length": "10", "tus-resumable": "1.0.0" },
  });
  expect(tus.statusCode).toBe(201);
  const patch = await call("PATCH", "/api/tus/books/big.bin", {
    headers: {
      "x-auth": token,
      "upload-offset": "0",
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
    },
    payload: Buffer.from("0123"),
  });
  expect(patch.statusCode).toBe(204);
  const appPassword = await call("POST", "/api/app-passwords", { payload: { name: "laptop" } });
  expect(appPassword.statusCode).toBe(201);
  const dav = (method: string, url: string, body: string) =>
    app.inject({
      method: method as "GET",
      url,
      headers: { authorization: basic("ada", PASSWORD) },
      payload: body,
    });
  const lock = await dav("LOCK", "/dav/books/locked.txt", LOCK_BODY);
  expect(lock.statusCode).toBe(200);
  expect((await dav("PROPPATCH", "/dav/books/a.txt", PROPPATCH)).statusCode).toBe(207);
  await t.app.close();
  return {
    t,
    token,
    hash,
    appPassword: appPassword.json<{ password: string }>().password,
    lockToken: lock.headers["lock-token"],
  };
}

/** The counts `migrate` printed, by table. */
function counts(stdout: string): Record<string, [number, number, string]> {
  const rows: Record<string, [number, number, string]> = {};
  for (const line of stdout.split("\n")) {
    const m = /^(\w+)\s+(\d+)\s+(\d+)\s+(\w+)$/.exec(line);
    if (m) rows[m[1]!] = [Number(m[2]), Number(m[3]), m[4]!];
  }
  return rows;
}

describe("scriptorium migrate", () => {
  it("moves a populated SQLite installation to PostgreSQL: logins, sessions, shares, history, trash, activity, uploads and WebDAV state carry on", async () => {
    const made = await populate();
    const url = await freshPostgres(made.t.dir);
    const moved = await cli(["migrate", "--from", sourceOf(made.t.dir), "--to", url]);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    const rows = counts(moved.stdout);
    expect(Object.keys(rows)).toHaveLength(13);
    for (const [table, [sqlite, postgres, checksum]] of Object.entries(rows)) {
      expect({ table, postgres, checksum }).toEqual({ table, postgres: sqlite, checksum: "same" });
      // Every table was populated, so that each one's copy is tested.
      expect({ table, sqlite: sqlite > 0 }).toEqual({ table, sqlite: true });
    }
    expect(moved.stdout).toMatch(/text search index is not migrated/);

    const db = await openDatabase(url);
    made.t.db = db;
    made.t.app = await buildApp({
      db,
      root: made.t.root,
      webDist: path.join(made.t.dir, "no-web"),
      trashDir: path.join(made.t.dir, "trash"),
      versionsDir: path.join(made.t.dir, "versions"),
      cacheDir: path.join(made.t.dir, "cache"),
    });
    const app = made.t.app;
    await app.ready();
    const as = (url: string, token = made.token) =>
      app.inject({ url, headers: { "x-auth": token } });

    // The old passwords and the old session.
    expect(await made.t.login("ada", PASSWORD)).toMatch(/\./);
    await made.t.login();
    expect((await as("/api/resources/books/")).statusCode).toBe(200);
    // The share, its password and its counted download.
    const share = await app.inject({
      url: `/api/public/share/${made.hash}`,
      headers: { "x-share-password": SHARE_PASSWORD },
    });
    expect(share.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/public/share/${made.hash}` })).statusCode).toBe(401);
    const activity = await as(`/api/shares/${made.hash}/activity`);
    expect(activity.statusCode).toBe(200);
    expect(JSON.stringify(activity.json())).toMatch(/"kind":"download"/);
    // History, trash, activity.
    expect((await as("/api/history/books/a.txt")).json<unknown[]>()).toHaveLength(1);
    expect((await as("/api/trash")).json<unknown[]>()).toHaveLength(1);
    const log = await as("/api/activity/books/");
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toMatch(/gone\.txt/);
    // The upload in progress continues where it stopped.
    const head = await app.inject({
      method: "HEAD",
      url: "/api/tus/books/big.bin",
      headers: { "x-auth": made.token, "tus-resumable": "1.0.0" },
    });
    expect(head.headers["upload-offset"]).toBe("4");
    // The app password, the lock and the dead property.
    const propfind = await app.inject({
      method: "PROPFIND" as "GET",
      url: "/dav/books/a.txt",
      headers: { authorization: basic("ada", made.appPassword), depth: "0" },
      payload:
        '<D:propfind xmlns:D="DAV:"><D:prop><Z:witness xmlns:Z="urn:edition"/></D:prop></D:propfind>',
    });
    expect(propfind.statusCode).toBe(207);
    expect(propfind.body).toMatch(/codex A/);
    const write = await app.inject({
      method: "PUT",
      url: "/dav/books/locked.txt",
      headers: { authorization: basic("ada", PASSWORD) },
      payload: "overwritten",
    });
    expect(write.statusCode).toBe(423);
    // New rows get ids after the copied ones (the sequences were moved).
    const bob = await made.t.createUser({ username: "bob", password: "bob-password-12" });
    expect(bob.id).toBe(3);
  }, 120_000);

  it("refuses a target with data unless --force, which replaces it", async () => {
    const made = await populate();
    const url = await freshPostgres(made.t.dir);
    expect((await cli(["migrate", "--from", sourceOf(made.t.dir), "--to", url])).code).toBe(0);
    const again = await cli(["migrate", "--from", sourceOf(made.t.dir), "--to", url]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds data \(settings, users.*use --force/);
    const forced = await cli(["migrate", "--from", sourceOf(made.t.dir), "--to", url, "--force"]);
    expect(forced.code).toBe(0);
    expect(counts(forced.stdout).users).toEqual([2, 2, "same"]);
  }, 120_000);

  it("refuses a missing source, a URL that is not PostgreSQL's and a server it cannot reach", async () => {
    t = await createTestApp({ database: sourceOf });
    await t.app.close();
    const url = await freshPostgres(t.dir);
    const missing = await cli(["migrate", "--from", path.join(t.dir, "none.db"), "--to", url]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toMatch(/none\.db does not exist/);
    const mysql = await cli(["migrate", "--from", sourceOf(t.dir), "--to", "mysql://db/x"]);
    expect(mysql.code).toBe(2);
    expect(mysql.stderr).toMatch(/--to must be a postgres:\/\/ URL/);
    const down = await cli([
      "migrate",
      "--from",
      sourceOf(t.dir),
      "--to",
      "postgres://me:hunter2@127.0.0.1:1/x",
    ]);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/cannot open postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/x/);
    expect(down.stderr).not.toMatch(/hunter2/);
    const noTarget = await cli(["migrate", "--from", sourceOf(t.dir)]);
    expect(noTarget.stderr).toMatch(/--to is needed/);
  }, 60_000);

  it("fails on a NUL character and on a table it does not know, leaving the target empty", async () => {
    t = await createTestApp({ database: sourceOf });
    await t.app.close();
    const raw = new DatabaseSync(sourceOf(t.dir));
    raw.prepare("insert into settings (key, value) values (?, ?)").run("note", "a\u0000b");
    raw.close();
    const url = await freshPostgres(t.dir);
    const nul = await cli(["migrate", "--from", sourceOf(t.dir), "--to", url]);
    expect(nul.code).toBe(1);
    expect(nul.stderr).toMatch(/settings row key="note": column value holds a NUL character/);
    const target = await openDatabase(url);
    expect(await tablesWithRows(target)).toEqual([]);
    await target.destroy();

    const again = new DatabaseSync(sourceOf(t.dir));
    again.exec("delete from settings where key = 'note'; create table extra (x integer)");
    again.close();
    const unknown = await cli(["migrate", "--from", sourceOf(t.dir), "--to", url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/does not know how to copy: extra/);
  }, 60_000);
});
