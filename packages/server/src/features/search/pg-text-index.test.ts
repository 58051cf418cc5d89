import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.js";
import { poolOf } from "../../db/postgres/open-postgres.js";
import { openTextIndex, type StoredRow } from "../../db/text-index.js";
import { testDatabase } from "../../test/test-database.js";
import { createFileEvents } from "../../storage/events.js";
import { createPgTextIndex } from "./pg-text-index.js";
import { createSearchIndex } from "./search-index.js";
import { likePatterns, pgTextStore } from "./pg-text-store.js";
import { matchExpression } from "./text-index.js";

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

/** Lines as the edition has them: accents (composed and not), elisions, hyphens, digits. */
const LINES = [
  "Città di Castello, CITTA e citta.",
  "Quod erat demonstrandum, quoderat.",
  "l’anima e l'animo; dell'anima",
  "foo-bar baz foobar",
  "Ce\u0301sar et Cæsar, naïve NAÏVE",
  "prop. 12 et 123; 12a",
  "praecedens correctio praecedentia",
  "erat quod, quod erat",
  "_under_score and 100%",
];

const QUERIES: string[][] = [
  ["citta"],
  ["città"],
  ["CITT"],
  ["quod erat"],
  ["quod", "erat"],
  ["erat quod"],
  ["quo"],
  ["anima"],
  ["l'anima"],
  ["dell"],
  ["foo-bar"],
  ["foo-ba"],
  ["foob"],
  ["cesar"],
  ["césar"],
  ["naive"],
  ["12"],
  ["12a"],
  ["praeceden"],
  ["praecedens correctio"],
  ["under"],
  ["score"],
  ["100"],
  ["caesar"],
  ["%"],
];

let dir: string;
let db: Db | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pg-text-"));
});
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function pool() {
  db = await openDatabase(await testDatabase(dir));
  return poolOf(db)!;
}

describe("the text index on PostgreSQL", () => {
  it("matches exactly what SQLite's FTS5 index matches, rows and order alike", async () => {
    const sqlite = openTextIndex(":memory:");
    const pg = pgTextStore(await pool());
    await pg.ensure();
    const files = ["/b.tex", "/a/x.tex", "/a/y.md"];
    for (const [k, file] of files.entries()) {
      const rows: StoredRow[] = LINES.map((text, n) => ({
        line: n + 1,
        witnesses: n % 3 === 0 ? "A/B" : "",
        text,
        comment: n === 4 && k === 1,
        context: n % 2 === 0 ? `\\VV{${text}}` : undefined,
      }));
      sqlite.put(file, 1, 1, rows);
      await pg.put(file, 1, 1, rows);
    }
    let matched = 0;
    for (const terms of QUERIES) {
      for (const [prefix, comments] of [
        ["/", false],
        ["/a", false],
        ["/", true],
      ] as const) {
        const match = matchExpression(terms);
        const patterns = likePatterns(terms);
        expect(patterns === undefined, terms.join()).toBe(match === undefined);
        const want = match === undefined ? [] : sqlite.search(match, prefix, 100, comments);
        const got = patterns === undefined ? [] : await pg.search(patterns, prefix, 100, comments);
        expect(got, `${terms.join(" | ")} in ${prefix}`).toEqual(want);
        matched += want.length;
      }
    }
    expect(matched).toBeGreaterThan(50);
    sqlite.close();
  });

  it("has one indexer at a time; another takes over when it stops", async () => {
    const shared = await pool();
    const root = path.join(dir, "files");
    await rm(root, { recursive: true, force: true });
    await mkdir(root);
    await writeFile(path.join(root, "one.tex"), "primum verbum");
    await writeFile(path.join(root, "two.tex"), "secundum verbum");
    const first = createPgTextIndex({ pool: shared, root, log: quiet, leadRetryMs: 100 });
    await first.idle();
    const second = createPgTextIndex({ pool: shared, root, log: quiet, leadRetryMs: 100 });
    let resynced = 0;
    second.onLead?.(() => (resynced += 1));
    await second.idle();
    // Only the indexer writes: the other's schedule does nothing.
    second.schedule("/one.tex");
    await second.idle();
    expect(await second.search(["primum"], "/", 10)).toEqual([]);
    first.schedule("/one.tex");
    await first.idle();
    // Any instance reads.
    expect((await second.search(["primum"], "/", 10)).map((m) => m.path)).toEqual(["/one.tex"]);
    expect(resynced).toBe(0);
    await first.close();
    const end = Date.now() + 5000;
    while (resynced === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(resynced).toBe(1);
    second.schedule("/two.tex");
    await second.idle();
    expect((await second.search(["secund"], "/", 10)).map((m) => m.path)).toEqual(["/two.tex"]);
    await second.close();
  });

  it("the instance taking over reads the files its name index holds", async () => {
    const shared = await pool();
    const root = path.join(dir, "files");
    await mkdir(path.join(root, "sub"), { recursive: true });
    await writeFile(path.join(root, "sub", "a.tex"), "tertium verbum");
    const other = createPgTextIndex({ pool: shared, root, log: quiet, leadRetryMs: 100 });
    await other.idle();
    const text = createPgTextIndex({ pool: shared, root, log: quiet, leadRetryMs: 100 });
    const index = createSearchIndex({
      root,
      events: createFileEvents(),
      log: quiet,
      text,
      watch: false,
    });
    await index.start();
    await text.idle();
    // Walked while another instance indexes (and that one never heard of the file).
    expect(await text.search(["tertium"], "/", 10)).toEqual([]);
    await other.close();
    const end = Date.now() + 5000;
    let found: { path: string }[] = [];
    while (found.length === 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      await text.idle();
      found = await text.search(["tertium"], "/", 10);
    }
    expect(found.map((m) => m.path)).toEqual(["/sub/a.tex"]);
    await index.close();
  });
});
