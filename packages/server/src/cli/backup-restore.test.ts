import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { BackupManifest, Share, TrashItem, Version } from "@scriptorium/shared";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/database.js";
import { TEST_POSTGRES, testDatabase } from "../test/test-database.js";
import { trashWorld, type TrashWorld } from "../test/trash-world.js";
import { main } from "./main.js";

let w: TrashWorld | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
  await w?.t.close();
  w = undefined;
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-backup-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** `scriptorium ARGS…` in this process: its exit code and what it printed. */
async function run(...argv: string[]): Promise<{ code: number | undefined; out: string }> {
  let out = "";
  const code = await main(
    argv,
    {},
    { out: (t) => (out += t + "\n"), err: (t) => (out += t + "\n") },
  );
  return { code, out };
}

/** A database no test used yet: a SQLite file in `dir`, or a fresh PostgreSQL database. */
async function freshDatabase(dir: string): Promise<string> {
  if (!TEST_POSTGRES) return path.join(dir, "restored", "scriptorium.db");
  const name = `bk_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  // The same server and schema search path as the test's own database, in the new database.
  const url = new URL(await testDatabase(w!.t.dir));
  url.pathname = `/${name}`;
  return url.toString();
}

/** ada's files, a share, a version and a trash item, as the API made them. */
async function populate(world: TrashWorld) {
  const { t, token } = world;
  const headers = { "x-auth": token };
  // Files enough that the versions stay within their share of the files' bytes (50%): the
  // restored app's start-up sweep keeps them.
  await writeFile(world.at("books", "folio.bin"), randomBytes(64 * 1024));
  const put = (p: string, text: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/resources${p}`,
      headers: { ...headers, "content-type": "text/plain" },
      payload: text,
    });
  expect((await put("/books/liber1/cap1.tex", "\\Unit caput secundum")).statusCode).toBe(200);
  const share = await t.app.inject({
    method: "POST",
    url: "/api/share/books/a.txt",
    headers,
    payload: {},
  });
  expect(share.statusCode).toBe(200);
  expect((await world.remove("/books/a.txt")).statusCode).toBe(204);
  const kept = await t.app.inject({ url: "/api/history/books/liber1/cap1.tex", headers });
  expect(kept.json<Version[]>()).toHaveLength(1);
  const trash = await world.list();
  expect(trash).toHaveLength(1);
  return { share: share.json<Share>(), trashId: trash[0]!.id };
}

describe("scriptorium backup and restore", () => {
  it("restores users, shares, versions and the trash into a fresh place, where the app sees them", async () => {
    w = await trashWorld();
    const { share, trashId } = await populate(w);
    const source = await testDatabase(w.t.dir);
    const dataFlags = TEST_POSTGRES ? ["--data", w.t.dir] : [];
    const backup = path.join(await tempDir(), "backup");

    // While the app runs: the snapshot is consistent all the same.
    const made = await run("backup", "-d", source, ...dataFlags, backup);
    expect(made, made.out).toMatchObject({ code: 0 });
    const manifest = JSON.parse(
      await readFile(path.join(backup, "manifest.json"), "utf8"),
    ) as BackupManifest;
    expect(manifest).toMatchObject({
      format: "scriptorium-backup",
      formatVersion: 1,
      engine: TEST_POSTGRES ? "postgres" : "sqlite",
      folders: ["trash", "versions"],
    });
    const files = manifest.entries.filter((e) => e.type === "file");
    expect(files.some((f) => f.path.startsWith("trash/"))).toBe(true);
    expect(files.some((f) => f.path.startsWith("versions/"))).toBe(true);
    for (const f of files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);

    const place = await tempDir();
    const target = await freshDatabase(place);
    const data = path.join(place, "data");
    const restored = await run("restore", "-d", target, "--data", data, backup);
    expect(restored, restored.out).toMatchObject({ code: 0 });

    // The app on the restored database and folders, with the same files folder.
    const app = await buildApp({
      db: await openDatabase(target),
      root: w.t.root,
      webDist: path.join(place, "no-web"),
      trashDir: path.join(data, "trash"),
      versionsDir: path.join(data, "versions"),
    });
    cleanups.push(() => app.close());
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ada", password: "ada-password-12" },
    });
    expect(login.statusCode).toBe(200);
    const headers = { "x-auth": login.body };
    const shares = (await app.inject({ url: "/api/shares", headers })).json<Share[]>();
    expect(shares.map((s) => s.hash)).toEqual([share.hash]);
    const versions = (
      await app.inject({ url: "/api/history/books/liber1/cap1.tex", headers })
    ).json<Version[]>();
    expect(versions).toHaveLength(1);
    const old = await app.inject({
      url: `/api/history/books/liber1/cap1.tex?version=${versions[0]!.id}`,
      headers,
    });
    expect(old.body).toBe("\\Unit caput");
    const trash = (await app.inject({ url: "/api/trash", headers })).json<TrashItem[]>();
    expect(trash.map((i) => i.id)).toEqual([trashId]);
    const back = await app.inject({
      method: "POST",
      url: `/api/trash/${trashId}/restore`,
      headers,
    });
    expect(back.statusCode).toBe(200);
    expect(await readFile(path.join(w.scope, "books", "a.txt"), "utf8")).toBe("alpha");
  }, 60_000);

  it("refuses to replace a database in use or folders holding something, unless --force", async () => {
    w = await trashWorld();
    await populate(w);
    const source = await testDatabase(w.t.dir);
    const dataFlags = ["--data", w.t.dir];
    const backup = path.join(await tempDir(), "backup");
    expect((await run("backup", "-d", source, ...dataFlags, backup)).code).toBe(0);

    const again = await run("restore", "-d", source, ...dataFlags, backup);
    expect(again.code).toBe(2);
    // SQLite: the running app holds it open; PostgreSQL: it holds users.
    expect(again.out).toMatch(
      TEST_POSTGRES ? /already holds users; add --force/ : /open in another program .*--force/,
    );
    if (!TEST_POSTGRES) {
      await w.t.app.close();
      const closed = await run("restore", "-d", source, ...dataFlags, backup);
      expect(closed.code).toBe(2);
      expect(closed.out).toMatch(/already holds users; add --force/);
    }

    const place = await tempDir();
    const target = await freshDatabase(place);
    const data = path.join(place, "data");
    await mkdir(path.join(data, "trash"), { recursive: true });
    await writeFile(path.join(data, "trash", "left-over"), "x");
    const full = await run("restore", "-d", target, "--data", data, backup);
    expect(full.code).toBe(2);
    expect(full.out).toMatch(/is not empty; add --force/);
    const forced = await run("restore", "-d", target, "--data", data, "--force", backup);
    expect(forced, forced.out).toMatchObject({ code: 0 });
    expect(await readdir(path.join(data, "trash"))).not.toContain("left-over");
    // Nothing of the work is left beside the folders.
    expect((await readdir(data)).sort()).toEqual(["trash", "versions"]);
  }, 60_000);

  it("refuses a changed backup, a tampered manifest and a backup folder already in use, changing nothing", async () => {
    w = await trashWorld();
    await populate(w);
    const source = await testDatabase(w.t.dir);
    const dataFlags = ["--data", w.t.dir];
    const dir = await tempDir();
    const backup = path.join(dir, "backup");
    expect((await run("backup", "-d", source, ...dataFlags, backup)).code).toBe(0);
    const inUse = await run("backup", "-d", source, ...dataFlags, backup);
    expect(inUse.code).toBe(2);
    expect(inUse.out).toMatch(/is not empty/);
    expect((await readdir(dir)).sort()).toEqual(["backup"]);

    const manifestFile = path.join(backup, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
    const place = await tempDir();
    const data = path.join(place, "data");
    const target = path.join(place, "scriptorium.db");

    // One byte of a saved version changed.
    const version = manifest.entries.find(
      (e) => e.type === "file" && e.path.startsWith("versions/"),
    );
    const file = path.join(backup, ...version!.path.split("/"));
    const bytes = await readFile(file);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await writeFile(file, bytes);
    const changed = await run("restore", "-d", target, "--data", data, backup);
    expect(changed.code).toBe(2);
    expect(changed.out).toMatch(/differs from the manifest/);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await writeFile(file, bytes);

    // A manifest naming a path out of the backup.
    const escaping = {
      ...manifest,
      entries: [...manifest.entries, { path: "trash/../../escaped", type: "dir" }],
    };
    await writeFile(manifestFile, JSON.stringify(escaping));
    const tampered = await run("restore", "-d", target, "--data", data, backup);
    expect(tampered.code).toBe(2);
    expect(tampered.out).toMatch(/unexpected path/);
    await writeFile(manifestFile, JSON.stringify({ ...manifest, formatVersion: 2 }));
    const newer = await run("restore", "-d", target, "--data", data, backup);
    expect(newer.code).toBe(2);
    expect(newer.out).toMatch(/not a manifest this version reads/);

    // Nothing was made at the target.
    expect(await readdir(place)).toEqual([]);
  }, 60_000);

  it("says how to use them", async () => {
    for (const name of ["backup", "restore"]) {
      const help = await run(name, "--help");
      expect(help.code).toBe(0);
      expect(help.out).toContain(`Usage: scriptorium ${name} FOLDER [flags]`);
      expect((await run("help", name)).out).toBe(help.out);
    }
    expect((await run("--help")).out).toMatch(/backup\s+Saves the database/);
    const missing = await run("backup");
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/needs FOLDER/);
  });
});
