import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.js";
import { createStorage } from "../../storage/storage.js";
import { createVersionBlobs } from "../../storage/version-blobs.js";
import { createSettingsStore } from "../settings/settings.store.js";
import { createVersionKeeper } from "./versions.keeper.js";
import { createVersionsStore } from "./versions.store.js";
import { testDatabase } from "../../test/test-database.js";

let dir: string;
let db: Db;
let mounted: string | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-versions-keeper-"));
  await mkdir(path.join(dir, "files", "out"), { recursive: true });
  await mkdir(path.join(dir, "files", "other"), { recursive: true });
  db = await openDatabase(await testDatabase(dir, "db.sqlite"));
});
afterEach(async () => {
  await db.destroy();
  if (mounted) execFileSync("umount", [mounted], { stdio: "ignore" });
  mounted = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The files layer of user `ada` (scope /) with a version keeper, as services.ts wires it. */
async function world(versionsDir = path.join(dir, "versions")) {
  const root = path.join(dir, "files");
  const settings = createSettingsStore(db);
  const store = createVersionsStore(db);
  const blobs = createVersionBlobs({ dir: versionsDir, filesRoot: root });
  const keeper = createVersionKeeper({ store, blobs, settings });
  await keeper.reconcile();
  const storage = createStorage({
    root,
    globalRules: () => Promise.resolve([]),
    versions: keeper.hook,
  });
  const fs = await storage.forUser({ scope: "/", rules: [], hideDotfiles: false, username: "ada" });
  const write = (p: string, text: string, tool = false) =>
    fs.writeAtomic(path.join(fs.root, p), Readable.from([Buffer.from(text)]), { tool });
  const kept = async (p: string) => {
    await keeper.settled();
    const out: string[] = [];
    for (const v of await store.ofPath(p, "kept"))
      out.push((await keeper.content(v.hash!)).toString());
    return out;
  };
  return { settings, write, kept, keeper, store };
}

describe("the version keeper at the files layer", () => {
  it("stores a save's version once the save is done, not during it", async () => {
    const w = await world();
    await writeFile(path.join(dir, "files", "other", "c.tex"), "first");
    await w.write("/other/c.tex", "second");
    // The save has returned: its version is spooled and pending, not yet read or compressed,
    // and still is a little later (started at once, a small one was stored within a few ms).
    expect((await w.store.ofPath("/other/c.tex")).map((v) => v.state)).toEqual(["pending"]);
    await new Promise((r) => setTimeout(r, 40));
    expect((await w.store.ofPath("/other/c.tex")).map((v) => v.state)).toEqual(["pending"]);
    // It is stored 0.1 s later without anyone asking.
    await new Promise((r) => setTimeout(r, 400));
    expect((await w.store.ofPath("/other/c.tex")).map((v) => v.state)).toEqual(["kept"]);
    expect(await w.kept("/other/c.tex")).toEqual(["first"]);
  });

  it("keeps no version of a tool's output unless its folder matches the setting", async () => {
    const w = await world();
    await writeFile(path.join(dir, "files", "out", "a.pdf"), "first");
    await writeFile(path.join(dir, "files", "other", "b.pdf"), "first");
    await w.write("/out/a.pdf", "second", true);
    expect(await w.kept("/out/a.pdf")).toEqual([]);
    const s = await w.settings.getSettings();
    s.versions.toolOutputFolders = "^/out$";
    await w.settings.setSettings(s);
    await w.write("/out/a.pdf", "third", true);
    await w.write("/other/b.pdf", "second", true);
    expect(await w.kept("/out/a.pdf")).toEqual(["second"]);
    expect(await w.kept("/other/b.pdf")).toEqual([]);
    // An ordinary write keeps a version wherever it is.
    await w.write("/other/b.pdf", "third");
    expect(await w.kept("/other/b.pdf")).toEqual(["second"]);
  });

  it("reads every version of a long chain back, from memory and from a keeper started afresh", async () => {
    const w = await world();
    const texts = Array.from(
      { length: 20 },
      (_, i) => `\\section{${i}}\n${"Versus et cetera. ".repeat(400)}${i}\n`,
    );
    await writeFile(path.join(dir, "files", "out", "chain.tex"), "first");
    for (const text of texts) await w.write("/out/chain.tex", text);
    // Newest first: each replaced content, the last write's text still the file's.
    const expected = ["first", ...texts.slice(0, -1)].reverse();
    expect(await w.kept("/out/chain.tex")).toEqual(expected);
    // More versions than a chain of dictionaries may hold (16): some stand alone again.
    const depths = await db.selectFrom("version_blobs").select("depth").execute();
    expect(Math.max(...depths.map((d) => Number(d.depth)))).toBeGreaterThan(1);
    expect(depths.filter((d) => Number(d.depth) === 0).length).toBeGreaterThan(1);
    // A keeper that never held the newest content in memory decompresses each chain.
    const store = createVersionsStore(db);
    const fresh = createVersionKeeper({
      store,
      blobs: createVersionBlobs({
        dir: path.join(dir, "versions"),
        filesRoot: path.join(dir, "files"),
      }),
      settings: w.settings,
    });
    const read: string[] = [];
    for (const v of await store.ofPath("/out/chain.tex", "kept"))
      read.push((await fresh.content(v.hash!)).toString());
    expect(read).toEqual(expected);
  });

  it("a new file keeps nothing; a link at the name is replaced, its target never kept", async () => {
    const w = await world();
    await w.write("/out/new.tex", "fresh");
    expect(await w.kept("/out/new.tex")).toEqual([]);
    await writeFile(path.join(dir, "files", "other", "target.tex"), "the link's target");
    await symlink(
      path.join(dir, "files", "other", "target.tex"),
      path.join(dir, "files", "out", "l.tex"),
    );
    await w.write("/out/l.tex", "a file now");
    expect(await w.kept("/out/l.tex")).toEqual([]);
    expect(await w.kept("/other/target.tex")).toEqual([]);
    expect(await readFile(path.join(dir, "files", "other", "target.tex"), "utf8")).toBe(
      "the link's target",
    );
    expect(await readdir(path.join(dir, "versions", "spool"))).toEqual([]);
  });

  it("across filesystems the replaced content is copied into the spool before the rename", async (t) => {
    const versions = path.join(dir, "versions");
    await mkdir(versions);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", versions], {
        stdio: "ignore",
      });
      mounted = versions;
    } catch {
      t.skip("no privilege to mount a tmpfs");
      return;
    }
    const w = await world(versions);
    await writeFile(path.join(dir, "files", "other", "c.tex"), "on another device");
    await w.write("/other/c.tex", "new");
    expect(await w.kept("/other/c.tex")).toEqual(["on another device"]);
    expect(await readFile(path.join(dir, "files", "other", "c.tex"), "utf8")).toBe("new");
  });
});
