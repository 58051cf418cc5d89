import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.js";
import { createVersionBlobs, type VersionBlobs } from "../../storage/version-blobs.js";
import { createVersionsStore, type VersionRecord, type VersionsStore } from "./versions.store.js";
import { testDatabase } from "../../test/test-database.js";

let dir: string;
let db: Db;
let store: VersionsStore;
let blobs: VersionBlobs;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-versions-store-"));
  await mkdir(path.join(dir, "files"));
  db = await openDatabase(await testDatabase(dir, "db.sqlite"));
  store = createVersionsStore(db);
  blobs = createVersionBlobs({
    dir: path.join(dir, "versions"),
    filesRoot: path.join(dir, "files"),
  });
  await blobs.init();
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
const version = (p: string, over: Partial<VersionRecord> = {}): VersionRecord => ({
  id: `version-${String(++n).padStart(4, "0")}`,
  path: p,
  trashId: null,
  size: 1,
  hash: null,
  author: "ada",
  replacedBy: "ada",
  madeAt: 1000 + n,
  label: null,
  state: "kept",
  ...over,
});
const paths = async () =>
  (await db.selectFrom("versions").select(["path", "trash_id"]).orderBy("id").execute()).map(
    (r) => [r.path, r.trash_id],
  );
const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

describe("the versions store", () => {
  it("moves a file's and a folder's history, and nothing that merely shares a prefix", async () => {
    for (const p of ["/a/x.tex", "/a/sub/y.tex", "/ab/z.tex", "/a_b/w.tex"])
      await store.insert(version(p));
    await store.movePath("/a/x.tex", "/a/x2.tex");
    await store.movePath("/a", "/c");
    expect(await paths()).toEqual([
      ["/c/x2.tex", null],
      ["/c/sub/y.tex", null],
      ["/ab/z.tex", null],
      ["/a_b/w.tex", null],
    ]);
    // Wildcards in a path are taken literally; case counts; characters beyond UTF-16's first plane too.
    for (const p of ["/A/v.tex", "/[x]*?/u.tex", "/𝔄/t.tex"]) await store.insert(version(p));
    await store.movePath("/a_b", "/q");
    await store.movePath("/[x]*?", "/r");
    await store.movePath("/𝔄", "/s");
    expect((await paths()).slice(3)).toEqual([
      ["/q/w.tex", null],
      ["/A/v.tex", null],
      ["/r/u.tex", null],
      ["/s/t.tex", null],
    ]);
  });

  it("takes a history into a trash item and back at another path", async () => {
    for (const p of ["/d/f.tex", "/d/g/h.tex", "/e.tex"]) await store.insert(version(p));
    await store.toTrash("/d", "item1");
    expect(await paths()).toEqual([
      ["/f.tex", "item1"],
      ["/g/h.tex", "item1"],
      ["/e.tex", null],
    ]);
    expect(await store.ofPath("/d/f.tex")).toEqual([]);
    await store.fromTrash("item1", "/d (restored)");
    expect((await paths()).slice(0, 2)).toEqual([
      ["/d (restored)/f.tex", null],
      ["/d (restored)/g/h.tex", null],
    ]);
    await store.toTrash("/e.tex", "item2");
    await store.dropTrash("item2");
    expect(await paths()).toHaveLength(2);
  });

  it("names the blobs nothing refers to, a base blob being referred to by its delta", async () => {
    await store.insertBlob({ hash: "a".repeat(64), size: 1, stored: 1, base: null, depth: 0 });
    await store.insertBlob({
      hash: "b".repeat(64),
      size: 1,
      stored: 1,
      base: "a".repeat(64),
      depth: 1,
    });
    await store.insertBlob({ hash: "c".repeat(64), size: 1, stored: 1, base: null, depth: 0 });
    await store.insert(version("/f", { hash: "b".repeat(64) }));
    expect(await store.unreferencedBlobs()).toEqual(["c".repeat(64)]);
  });
});

describe("the blob files", () => {
  it("stores a content once under its hash, with or without a dictionary, and reads it back", async () => {
    const base = Buffer.from("Versus unus.\nVersus duo.\n".repeat(2000));
    const next = Buffer.from(base.toString().replace("duo", "tres"));
    const alone = await blobs.putBuffer(sha(base), base);
    const delta = await blobs.putBuffer(sha(next), next, base);
    expect(delta).toBeLessThan(alone);
    expect((await blobs.readBlob(sha(base))).equals(base)).toBe(true);
    expect((await blobs.readBlob(sha(next), base)).equals(next)).toBe(true);
    expect(await blobs.hasBlob(sha(base))).toBe(true);
    expect((await blobs.blobHashes()).sort()).toEqual([sha(base), sha(next)].sort());
    const chunks: Buffer[] = [];
    for await (const c of await blobs.blobStream(sha(base))) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(base)).toBe(true);
    await blobs.removeBlob(sha(base));
    expect(await blobs.hasBlob(sha(base))).toBe(false);
    expect(await readdir(path.join(dir, "versions", "tmp"))).toEqual([]);
  });

  it("refuses a versions folder inside the files folder", async () => {
    const inside = createVersionBlobs({
      dir: path.join(dir, "files", "versions"),
      filesRoot: path.join(dir, "files"),
    });
    await expect(inside.init()).rejects.toThrow(/outside the files folder/);
  });
});
