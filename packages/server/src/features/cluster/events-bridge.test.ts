import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { allPermissions } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, servicesOf } from "../../app.js";
import { openDatabase } from "../../db/database.js";
import type { FileEvent } from "../../storage/events.js";
import { openStream } from "../../test/activity-world.js";
import { clusterDatabase } from "../../test/cluster-postgres.js";
import { listen } from "../../test/http.js";
import { ADMIN_PASSWORD } from "../../test/helpers.js";
import { createSessionsStore } from "../sessions/sessions.store.js";
import { createSettingsStore } from "../settings/settings.store.js";
import { createUsersService } from "../users/users.service.js";
import { createUsersStore } from "../users/users.store.js";
import { decodeEvent, encodeEvent } from "./events-bridge.js";

let dir: string;
let database: Awaited<ReturnType<typeof clusterDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let tokenA: string;
let tokenB: string;
/** The files folder as A sees it. */
let rootA: string;
/** The same folder as B sees it: mounted elsewhere (here through a link to it). */
let rootB: string;

async function instance(root: string, name: string): Promise<FastifyInstance> {
  const app = await buildApp({
    db: await openDatabase(database.url),
    root,
    webDist: path.join(dir, "no-web"),
    cacheDir: path.join(dir, name, "cache"),
    // Only the events: B's own watcher would see A's changes on this one machine.
    search: { watch: false },
  });
  await app.ready();
  return app;
}

async function login(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username: "admin", password: ADMIN_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-bridge-"));
  database = await clusterDatabase();
  rootA = path.join(dir, "files");
  rootB = path.join(dir, "mounted-elsewhere");
  await mkdir(path.join(rootA, "docs"), { recursive: true });
  await symlink(rootA, rootB);
  await writeFile(path.join(rootA, "docs", "old.tex"), "x");
  const db = await openDatabase(database.url);
  const settings = createSettingsStore(db);
  await createUsersService({
    users: createUsersStore(db),
    sessions: createSessionsStore(db),
    settings,
    root: rootA,
  }).create({
    username: "admin",
    password: ADMIN_PASSWORD,
    fields: { scope: ".", perm: allPermissions() },
  });
  await db.destroy();
  a = await instance(rootA, "a");
  b = await instance(rootB, "b");
  tokenA = await login(a);
  tokenB = await login(b);
}, 60_000);

afterAll(async () => {
  try {
    await a?.close();
    await b?.close();
  } finally {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  }
});

const names = async (app: FastifyInstance, token: string, folder: string) => {
  const res = await app.inject({ url: `/api/resources${folder}`, headers: { "x-auth": token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { name: string }[] }>().items.map((i) => i.name);
};

/** The next event B's bus carries that meets `match`. */
function nextOnB(match: (e: FileEvent) => boolean): Promise<FileEvent> {
  return new Promise((resolve) => {
    const off = servicesOf(b)!.events.on((event) => {
      if (match(event)) {
        off();
        resolve(event);
      }
    });
  });
}

describe("file events across instances (PostgreSQL LISTEN/NOTIFY)", () => {
  it("a rename through A reaches B's bus, paths mapped to B's files folder, and B's listing", async () => {
    expect(await names(b, tokenB, "/docs/")).toEqual(["old.tex"]);
    const seen = nextOnB((e) => e.type === "moved");
    const res = await a.inject({
      method: "PATCH",
      url: "/api/resources/docs/old.tex?action=rename&destination=%2Fdocs%2Fnew.tex",
      headers: { "x-auth": tokenA },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const event = await seen;
    expect(event).toMatchObject({
      remote: true,
      abs: path.join(rootB, "docs", "old.tex"),
      to: path.join(rootB, "docs", "new.tex"),
    });
    expect(await names(b, tokenB, "/docs/")).toEqual(["new.tex"]);
  });

  it("B's event stream carries A's change, and the activity line is written once", async () => {
    const port = await listen(b);
    const stream = await openStream(port, { "x-auth": tokenB });
    expect(stream.status).toBe(200);
    const res = await a.inject({
      method: "POST",
      url: "/api/resources/docs/from-a.tex",
      headers: { "x-auth": tokenA },
      payload: "hello",
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const change = await stream.waitFor((c) => c.path === "/docs/from-a.tex");
    expect(change).toMatchObject({ user: "admin" });
    stream.close();
    // A writes the line on its own time: once it is there, no second one follows from B.
    const linesOf = async () => {
      const lines = await b.inject({
        url: "/api/activity/docs/",
        headers: { "x-auth": tokenB },
      });
      return lines.json<{ path: string }[]>().filter((e) => e.path === "/docs/from-a.tex");
    };
    for (let i = 0; i < 100 && (await linesOf()).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await linesOf()).toHaveLength(1);
  });

  it("B's name search finds a file uploaded through A", async () => {
    const seen = nextOnB((e) => e.type === "uploaded");
    const url = "/api/tus/docs/Theorica%20planetarum.tex?override=false";
    const created = await a.inject({
      method: "POST",
      url,
      headers: { "x-auth": tokenA, "upload-length": "5" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await a.inject({
      method: "PATCH",
      url,
      headers: {
        "x-auth": tokenA,
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      },
      payload: "orbis",
    });
    expect(sent.statusCode, sent.body).toBe(204);
    await seen;
    let paths: string[] = [];
    for (let i = 0; i < 100 && !paths.length; i++) {
      const res = await b.inject({
        url: `/api/search/?query=${encodeURIComponent("planetarum")}`,
        headers: { "x-auth": tokenB },
      });
      expect(res.statusCode, res.body).toBe(200);
      paths = res.json<{ path: string }[]>().map((r) => r.path);
      if (!paths.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(paths).toEqual(["docs/Theorica planetarum.tex"]);
  });
  it("listens again after its connection is cut", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const cut = await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %'",
    );
    await client.end();
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    let seen = false;
    const off = servicesOf(b)!.events.on((e) => {
      if (e.remote && e.abs.endsWith("after-cut.tex")) seen = true;
    });
    for (let i = 0; i < 60 && !seen; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await a.inject({
        method: "POST",
        url: "/api/resources/docs/after-cut.tex?override=true",
        headers: { "x-auth": tokenA },
        payload: String(i),
      });
    }
    off();
    expect(seen).toBe(true);
  });
});

describe("the events' payload", () => {
  const base = { i: "me", s: "schema" };
  it("crosses with paths from the files folder, and comes back to nobody but the others", () => {
    const text = encodeEvent(
      base,
      { type: "moved", userId: 3, abs: "/srv/a/x/y.tex", to: "/srv/a/z.tex" },
      "/srv/a",
    )!;
    expect(JSON.parse(text)).toMatchObject({ p: "x/y.tex", to: "z.tex" });
    expect(decodeEvent(base, text, "/mnt/b")).toBeUndefined();
    expect(decodeEvent({ i: "other", s: "another" }, text, "/mnt/b")).toBeUndefined();
    expect(decodeEvent({ i: "other", s: "schema" }, text, "/mnt/b")).toEqual({
      type: "moved",
      userId: 3,
      abs: "/mnt/b/x/y.tex",
      to: "/mnt/b/z.tex",
      remote: true,
    });
    expect(encodeEvent(base, { type: "saved", userId: 1, abs: "/elsewhere/f" }, "/srv/a")).toBe(
      undefined,
    );
  });

  it("too long for NOTIFY: the folder holding both paths changed", () => {
    const long = "n".repeat(4000);
    const text = encodeEvent(
      base,
      { type: "moved", userId: 1, abs: `/srv/a/p/q/${long}1`, to: `/srv/a/p/q/${long}2` },
      "/srv/a",
    )!;
    expect(Buffer.byteLength(text)).toBeLessThan(8000);
    expect(JSON.parse(text)).toMatchObject({ t: "saved", p: "p/q" });
  });
});
