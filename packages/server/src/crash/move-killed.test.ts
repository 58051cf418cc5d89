import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  makeFolder,
  MiB,
  serverIn,
  stagedMoreThan,
  visibleTree,
  waitFor,
  type ServerHandle,
} from "./server-process.js";

let dir: string | undefined;
let server: ServerHandle | undefined;
let mounted: string | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (mounted) execFileSync("umount", [mounted], { stdio: "ignore" });
  mounted = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A tmpfs at `at`, so that a move into it crosses filesystems; false without the privilege. */
async function mountTmpfs(at: string): Promise<boolean> {
  await mkdir(at, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256m", "tmpfs", at], { stdio: "ignore" });
    mounted = at;
    return true;
  } catch {
    return false;
  }
}

/** The tree with `from/` renamed `to/`, for comparing a moved folder with its source. */
function renamed(tree: Record<string, string>, from: string, to: string) {
  return Object.fromEntries(
    Object.entries(tree)
      .filter(([rel]) => rel === from || rel.startsWith(`${from}/`))
      .map(([rel, hash]) => [to + rel.slice(from.length), hash]),
  );
}

/** Starts the server on a fresh folder holding /scans (400 files) and /shelf. */
async function setUp() {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-move-"));
  const files = path.join(dir, "files");
  await makeFolder(path.join(files, "scans", "quire-a"), 200, MiB / 4);
  await makeFolder(path.join(files, "scans", "quire-b"), 200, MiB / 4);
  await mkdir(path.join(files, "shelf"), { recursive: true });
  return files;
}

describe("kill -9 during a move", () => {
  it("across filesystems: the source stays whole, and the move succeeds when repeated", async (t) => {
    const files = await setUp();
    const shelf = path.join(files, "shelf");
    if (!(await mountTmpfs(shelf))) {
      t.skip("no privilege to mount a tmpfs: the staged-copy path is covered below");
      return;
    }
    server = serverIn(dir!);
    const run = await server.start();
    const before = await visibleTree(files);
    const moving = server
      .request("/api/resources/scans?action=rename&destination=%2Fshelf%2Fscans", {
        method: "PATCH",
      })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(() => stagedMoreThan(shelf, 5));
    await run.kill();
    expect(await moving).toBe("aborted");

    const afterKill = await visibleTree(files);
    expect(afterKill.tree).toEqual(before.tree);
    expect(afterKill.staging).toHaveLength(1);
    await server.start();
    expect(await server.listed("/")).toEqual(["scans", "shelf"]);
    expect(await server.listed("/shelf")).toEqual([]);

    const again = await server.request(
      "/api/resources/scans?action=rename&destination=%2Fshelf%2Fscans",
      { method: "PATCH" },
    );
    expect(again.status).toBe(200);
    const done = await visibleTree(files);
    expect(done.tree).toEqual({ shelf: "dir", ...renamed(before.tree, "scans", "shelf/scans") });
    expect(done.staging).toEqual(afterKill.staging);
  }, 60_000);

  it("across filesystems, killed while the source is removed: every file is in one place or both", async (t) => {
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-move-"));
    const files = path.join(dir, "files");
    await makeFolder(path.join(files, "scans"), 1000, 4096);
    const shelf = path.join(files, "shelf");
    if (!(await mountTmpfs(shelf))) {
      t.skip("no privilege to mount a tmpfs");
      return;
    }
    server = serverIn(dir);
    const run = await server.start();
    const before = await visibleTree(files);
    const url = "/api/resources/scans?action=rename&destination=%2Fshelf%2Fscans";
    const moving = server
      .request(url, { method: "PATCH" })
      .then((res) => res.status)
      .catch(() => "aborted");
    // The copy is in place under its final name: the source's removal has begun.
    await waitFor(async () => (await readdir(shelf)).includes("scans"));
    await run.kill();
    await moving;

    const afterKill = await visibleTree(files);
    const moved = renamed(before.tree, "scans", "shelf/scans");
    for (const [rel, hash] of Object.entries(moved)) expect(afterKill.tree[rel], rel).toBe(hash);
    const left = Object.keys(afterKill.tree).filter((rel) => rel.startsWith("scans/"));
    for (const rel of left) expect(afterKill.tree[rel], rel).toBe(before.tree[rel]);

    await server.start();
    if (left.length > 0 || afterKill.tree.scans) {
      const again = await server.request(`${url}&override=true`, { method: "PATCH" });
      expect(again.status).toBe(200);
    }
    expect((await visibleTree(files)).tree).toEqual({ shelf: "dir", ...moved });
  }, 60_000);

  it("onto a non-empty folder (a staged copy): the folders stay as they were, then merge", async () => {
    const files = await setUp();
    const shelf = path.join(files, "shelf");
    await mkdir(path.join(shelf, "scans"));
    await writeFile(path.join(shelf, "scans", "notes.txt"), "collation notes\n");
    server = serverIn(dir!);
    const run = await server.start();
    const before = await visibleTree(files);
    const url = "/api/resources/scans?action=rename&destination=%2Fshelf%2Fscans&override=true";
    const moving = server
      .request(url, { method: "PATCH" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(() => stagedMoreThan(shelf, 5));
    await run.kill();
    expect(await moving).toBe("aborted");

    const afterKill = await visibleTree(files);
    expect(afterKill.tree).toEqual(before.tree);
    await server.start();
    expect(await server.listed("/shelf/scans")).toEqual(["notes.txt"]);

    const again = await server.request(url, { method: "PATCH" });
    expect(again.status).toBe(200);
    const done = await visibleTree(files);
    expect(done.tree).toEqual({
      shelf: "dir",
      "shelf/scans": "dir",
      "shelf/scans/notes.txt": before.tree["shelf/scans/notes.txt"],
      ...renamed(before.tree, "scans", "shelf/scans"),
    });
    expect(done.staging).toEqual(afterKill.staging);
  }, 60_000);
});
