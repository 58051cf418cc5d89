import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSearchQuery } from "@scriptorium/shared";
import { openDatabase, type Db } from "../../db/database.js";
import { poolOf } from "../../db/postgres/open-postgres.js";
import { createFileEvents, type FileEvents } from "../../storage/events.js";
import { createTestApp } from "../../test/helpers.js";
import { testDatabase } from "../../test/test-database.js";
import { NameIndex } from "./name-index.js";
import { searchNames } from "./name-search.js";
import { createPgLeadership } from "./pg-leader.js";
import { createPgNameIndex } from "./pg-name-index.js";
import { pgNameStore, type NameHit } from "./pg-name-store.js";
import { createSearchIndex, type SearchIndex } from "./search-index.js";

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

let dir: string;
let root: string;
const dbs: Db[] = [];
const open: SearchIndex[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pg-names-"));
  root = path.join(dir, "files");
  await mkdir(root);
});
afterEach(async () => {
  for (const index of open.splice(0)) await index.close();
  for (const db of dbs.splice(0)) await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** A pool on the test's schema: each call a new one, as another instance would have. */
async function pool() {
  const db = await openDatabase(await testDatabase(dir));
  dbs.push(db);
  return poolOf(db)!;
}

/** One instance's search index with its names in PostgreSQL, walked; its events to feed it. */
async function instance(): Promise<{ index: SearchIndex; events: FileEvents }> {
  const shared = await pool();
  const leadership = createPgLeadership({ pool: shared, log: quiet, retryMs: 100 });
  await leadership.settled();
  const events = createFileEvents();
  const index = createSearchIndex({
    root,
    events,
    log: quiet,
    names: createPgNameIndex({ pool: shared, log: quiet, leadership }),
    leadership,
    watch: false,
  });
  open.push(index);
  await index.start();
  return { index, events };
}

/** Paths (from the root) a name query finds in the shared names, in their order. */
async function ask(index: SearchIndex, query: string, under = "/"): Promise<string[]> {
  await index.settle();
  const found: string[] = [];
  await index.names!.search(under, parseSearchQuery(query), (hit) => {
    found.push(hit.path);
    return true;
  });
  return found;
}

/** The index's state after a settle (which reads whether the names are whole). */
async function readyAfterSettle(index: SearchIndex): Promise<string> {
  await index.settle();
  return index.status().state;
}

async function until(check: () => Promise<boolean>, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("not within the time");
}

const event = (type: "created" | "deleted" | "moved", abs: string, to?: string) => ({
  type,
  userId: 1,
  abs,
  ...(to !== undefined && { to }),
});

describe("names on PostgreSQL", () => {
  it("answers as the in-memory index does: terms, ranks, newest first, types, case, folder", async () => {
    const memory = new NameIndex();
    const folders = ["/Opuscula", "/Opuscula/figures", "/scans", "/de", "/de/sphaera"];
    const names = [
      ...folders,
      "/Opuscula/De sphaera.tex",
      "/Opuscula/de-centris.tex",
      "/Opuscula/figures/sphaera-1.png",
      "/Opuscula/figures/Sphaera-2.JPG",
      "/Opuscula/Città.tex",
      "/Opuscula/Citta\u0300-nfd.md",
      "/Opuscula/notes_100%.txt",
      "/Opuscula/notes-1000.txt",
      "/scans/musica.mp3",
      "/scans/film.mp4",
      "/scans/liber.pdf",
      "/scans/LIBER.PDF",
      "/scans/de centris sphaera.pdf",
      "/scans/ΟΔΟΣΑ.txt",
    ];
    const store = pgNameStore(await pool());
    await store.ensure();
    // Distinct seconds: the order within a rank is by time alone.
    const rows = names.map((p, k) => ({
      path: p,
      isDir: folders.includes(p),
      modified: (1_700_000_000 + ((k * 7) % 23) * 60) * 1000,
    }));
    for (const row of rows) memory.put(row.path, { ...row, size: 1 });
    expect(memory.size - 1).toBe(rows.length);
    await store.put(rows);
    const queries = [
      "sphaera",
      "de centris",
      "sphaera de",
      // Names holding two of three terms come from two terms' lists, once in the answer.
      "de sphaera centris",
      "sphaera 1 de",
      '"de sphaera"',
      "Sphaera case:sensitive",
      "case:sensitive LIBER",
      "case:sensitive De sphaera",
      "case:sensitive 100%",
      "case:sensitive Citta\u0300",
      "case:sensitive ΟΔΟΣ",
      "citta",
      "CITTÀ",
      "type:image",
      "type:pdf",
      "type:tex sphaera",
      "type:text",
      "type:PDF",
      "%",
      "_",
      "100%",
      "",
      "type:dir",
      "1",
    ];
    let total = 0;
    for (const query of queries) {
      for (const under of ["/", "/Opuscula", "/scans", "/Opuscula/figures"]) {
        const parsed = parseSearchQuery(query);
        const at = memory.find(under)!;
        const want = searchNames(memory, at, parsed, () => true).map(
          (hit) => `/${memory.pathBelow(hit.id, 0)}`,
        );
        const got: NameHit[] = [];
        await store.search(under, parsed, (hit) => got.push(hit) > 0);
        expect(
          got.map((hit) => hit.path),
          `${query} in ${under}`,
        ).toEqual(want);
        // Read a few rows at a time, the same.
        const paged: NameHit[] = [];
        await store.search(under, parsed, (hit) => paged.push(hit) > 0, 4);
        expect(paged, `${query} in ${under}, paged`).toEqual(got);
        total += want.length;
      }
    }
    expect(total).toBeGreaterThan(60);
    // `take` stops the reading.
    const first: NameHit[] = [];
    await store.search("/", parseSearchQuery(""), (hit) => first.push(hit) < 3);
    expect(first).toHaveLength(3);
  });

  it("are written by the indexer only, read by every instance, and taken over when it stops", async () => {
    await writeFile(path.join(root, "primum.tex"), "x");
    await mkdir(path.join(root, "Liber"));
    await writeFile(path.join(root, "Liber", "secundum.tex"), "x");
    const a = await instance();
    expect(a.index.status().state).toBe("building");
    await until(async () => (await ask(a.index, "um")).length === 2);
    // Ready once the whole tree is written (rows may show a moment before it is marked so).
    await until(async () => (await readyAfterSettle(a.index)) === "ready");
    expect(a.index.status()).toEqual({ state: "ready", indexed: 3 });
    const b = await instance();
    // B walked and found the names whole, written by A.
    await until(async () => (await readyAfterSettle(b.index)) === "ready");
    expect(b.index.status()).toEqual({ state: "ready", indexed: 3 });
    expect(await ask(b.index, "secundum")).toEqual(["/Liber/secundum.tex"]);
    // A change B alone hears of is not written: B is not the indexer.
    await writeFile(path.join(root, "tertium.tex"), "x");
    b.events.emit(event("created", path.join(root, "tertium.tex")));
    await new Promise((r) => setTimeout(r, 300));
    expect(await ask(b.index, "tertium")).toEqual([]);
    expect(await ask(a.index, "tertium")).toEqual([]);
    // The same change heard by A (as the events bridge carries it) is written, read through B.
    a.events.emit(event("created", path.join(root, "tertium.tex")));
    expect(await ask(a.index, "tertium")).toEqual(["/tertium.tex"]);
    expect(await ask(b.index, "tertium")).toEqual(["/tertium.tex"]);
    // One B alone hears of, then A stops: B takes over and writes the tree as it knows it.
    await writeFile(path.join(root, "quartum.tex"), "x");
    b.events.emit(event("created", path.join(root, "quartum.tex")));
    await open.shift()!.close();
    await until(async () => (await ask(b.index, "quartum")).length === 1);
    // B now writes what it hears of.
    await writeFile(path.join(root, "quintum.tex"), "x");
    b.events.emit(event("created", path.join(root, "quintum.tex")));
    expect(await ask(b.index, "quintum")).toEqual(["/quintum.tex"]);
  });

  it("answer /api/search on every app, from the table (not the app's own memory)", async () => {
    const first = await createTestApp();
    const second = await createTestApp({ alongside: first });
    try {
      const admin = await first.login();
      const made = await first.app.inject({
        method: "POST",
        url: "/api/resources/Theorica%20planetarum.tex",
        headers: { "x-auth": admin },
        payload: "orbis",
      });
      expect(made.statusCode).toBe(200);
      const names = async (app: typeof first) => {
        const res = await app.app.inject({
          url: "/api/search/?query=planetarum",
          headers: { "x-auth": admin },
        });
        expect(res.statusCode).toBe(200);
        return { state: res.headers["x-search-index"], found: res.json<{ path: string }[]>() };
      };
      await until(async () => {
        const [a, b] = [await names(first), await names(second)];
        return a.found.length === 1 && b.found.length === 1 && b.state === "ready";
      });
      expect((await names(second)).found).toEqual([
        { dir: false, path: "Theorica planetarum.tex" },
      ]);
      // Both apps still hold the name in memory; gone from the table, neither finds it.
      await poolOf(first.db)!.query("delete from search_names");
      expect((await names(first)).found).toEqual([]);
      expect((await names(second)).found).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("follow a folder's rename and removal, subtree included", async () => {
    await mkdir(path.join(root, "Opera", "figurae"), { recursive: true });
    await writeFile(path.join(root, "Opera", "figurae", "circulus.png"), "x");
    await writeFile(path.join(root, "Opera", "sphaera.tex"), "x");
    await writeFile(path.join(root, "Operae-alia.tex"), "x");
    const { index, events } = await instance();
    // The first walk written whole (while it is, changes wait behind it).
    await until(async () => (await readyAfterSettle(index)) === "ready");
    expect(await ask(index, "circulus")).toEqual(["/Opera/figurae/circulus.png"]);
    const store = pgNameStore(await pool());
    await rename(path.join(root, "Opera"), path.join(root, "Libri"));
    events.emit(event("moved", path.join(root, "Opera"), path.join(root, "Libri")));
    expect(await ask(index, "circulus")).toEqual(["/Libri/figurae/circulus.png"]);
    expect(await ask(index, "sphaera", "/Libri")).toEqual(["/Libri/sphaera.tex"]);
    expect(await ask(index, "opera")).toEqual(["/Operae-alia.tex"]);
    expect(await store.pathsAfter("", 100)).toEqual([
      "/Libri",
      "/Libri/figurae",
      "/Libri/figurae/circulus.png",
      "/Libri/sphaera.tex",
      "/Operae-alia.tex",
    ]);
    await rm(path.join(root, "Libri"), { recursive: true });
    events.emit(event("deleted", path.join(root, "Libri")));
    await index.settle();
    expect(await store.pathsAfter("", 100)).toEqual(["/Operae-alia.tex"]);
  });

  it("a removal while the server was down is pruned by the first walk", async () => {
    const store = pgNameStore(await pool());
    await store.ensure();
    await store.put([
      { path: "/olim", isDir: true, modified: 0 },
      { path: "/olim/vetus.tex", isDir: false, modified: 0 },
    ]);
    await writeFile(path.join(root, "novum.tex"), "x");
    const { index } = await instance();
    await until(async () => (await readyAfterSettle(index)) === "ready");
    expect(await ask(index, "novum")).toEqual(["/novum.tex"]);
    expect(await store.pathsAfter("", 100)).toEqual(["/novum.tex"]);
  });

  it("are looked up through the trigram index", async () => {
    const shared = await pool();
    const store = pgNameStore(shared);
    await store.ensure();
    const rows = Array.from({ length: 20_000 }, (_, k) => ({
      path: `/folder-${k % 100}/liber-${k.toString(36)}-${(k * 7919).toString(36)}.tex`,
      isDir: false,
      modified: k * 1000,
    }));
    for (let at = 0; at < rows.length; at += 5000) await store.put(rows.slice(at, at + 5000));
    // As the indexer does after writing a whole tree.
    await store.tidy();
    const { rows: plan } = await shared.query<{ "QUERY PLAN": string }>(
      "explain select path from search_names where folded like '%qx4%'",
    );
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("search_names_folded");
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("a broad term reads the newest-first index alone, not the table", async () => {
    const shared = await pool();
    const store = pgNameStore(shared);
    await store.ensure();
    const rows = Array.from({ length: 40_000 }, (_, k) => ({
      path: `/folder-${k % 100}/${k % 4 === 0 ? "liber" : "codex"}-${k.toString(36)}.tex`,
      isDir: false,
      modified: 1_700_000_000_000 + k * 1000,
    }));
    for (let at = 0; at < rows.length; at += 5000) await store.put(rows.slice(at, at + 5000));
    await store.tidy();
    // The query the store makes for one term, a page of 100: a quarter of the names hold it.
    const { rows: plan } = await shared.query<{ "QUERY PLAN": unknown }>(
      `explain (analyze, format json) select path, dir from search_names
        where folded like '%liber%' order by modified_s desc, path limit 100 offset 0`,
    );
    const text = JSON.stringify(plan[0]!["QUERY PLAN"]);
    expect(text).toContain('"Node Type":"Index Only Scan"');
    expect(text).toContain('"Index Name":"search_names_by_age"');
    expect(text).toContain('"Heap Fetches":0');
    const found: NameHit[] = [];
    await store.search("/", parseSearchQuery("liber"), (hit) => found.push(hit) < 150, 100);
    expect(found).toHaveLength(150);
    expect(found[0]!.path).toBe(`/folder-96/liber-${(39_996).toString(36)}.tex`);
  });

  it("a table made before the newest-first index gets it, its rows kept", async () => {
    const shared = await pool();
    await shared.query(`create table search_names (
      path text collate "C" primary key, name text not null, folded text not null,
      dir boolean not null, kind smallint not null, ext text not null,
      modified double precision not null);
      create index search_names_newest on search_names ((floor(modified / 1000)) desc, path);`);
    await shared.query(
      `insert into search_names values
        ('/vetus.tex', 'vetus.tex', 'vetus.tex', false, 0, '.tex', 1000),
        ('/vetus-novum.tex', 'vetus-novum.tex', 'vetus-novum.tex', false, 0, '.tex', 5000)`,
    );
    const store = pgNameStore(shared);
    await store.ensure();
    const found: string[] = [];
    await store.search("/", parseSearchQuery("vetus"), (hit) => found.push(hit.path) > 0);
    expect(found).toEqual(["/vetus-novum.tex", "/vetus.tex"]);
    const { rows } = await shared.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'search_names' order by indexname",
    );
    expect(rows.map((r) => r.indexname)).toContain("search_names_by_age");
    expect(rows.map((r) => r.indexname)).not.toContain("search_names_newest");
  });
});
