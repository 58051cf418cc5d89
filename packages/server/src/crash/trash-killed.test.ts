import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  makeFolder,
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

interface Item {
  id: string;
  path: string;
}

/** The server on a fresh folder holding /scans (1000 small files); the trash beside the database. */
async function setUp(opts: { tmpfsTrash?: boolean } = {}) {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-trash-"));
  const files = path.join(dir, "files");
  await makeFolder(path.join(files, "scans"), 1000, 4096);
  const trash = path.join(dir, "trash");
  if (opts.tmpfsTrash) {
    await mkdir(trash, { recursive: true });
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=256m", "tmpfs", trash], {
        stdio: "ignore",
      });
      mounted = trash;
    } catch {
      return undefined;
    }
  }
  server = serverIn(dir);
  return { files, trash: path.join(trash, "1") };
}

const items = async () => (await (await server!.request("/api/trash")).json()) as Item[];

/** Restores every item of the trash, then checks the files are exactly `before`. */
async function restoreAllAndCompare(files: string, before: Record<string, string>) {
  for (const item of await items()) {
    const res = await server!.request(`/api/trash/${item.id}/restore`, { method: "POST" });
    expect(res.status).toBe(200);
  }
  expect(await items()).toEqual([]);
  const after = await visibleTree(files);
  expect(after.tree).toEqual(before);
  expect(after.staging).toEqual([]);
}

/** The trash folder holds no item folder but those of listed items. */
async function onlyListedItems(trash: string) {
  const listed = (await items()).map((i) => i.id).sort();
  expect((await readdir(trash).catch(() => [] as string[])).sort()).toEqual(listed);
}

describe("kill -9 during a delete to the trash", () => {
  it("same filesystem: after restart the folder is in its place or listed whole", async () => {
    const { files, trash } = (await setUp())!;
    const run = await server!.start();
    const before = (await visibleTree(files)).tree;
    const deleting = server!
      .request("/api/resources/scans", { method: "DELETE" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(async () => (await readdir(trash).catch(() => [])).length > 0);
    await run.kill();
    await deleting;
    await server!.start();
    await onlyListedItems(trash);
    await restoreAllAndCompare(files, before);
  }, 60_000);

  it("across filesystems: a copy cut short is dropped and the folder stays whole", async (t) => {
    const world = await setUp({ tmpfsTrash: true });
    if (!world) {
      t.skip("no privilege to mount a tmpfs");
      return;
    }
    const run = await server!.start();
    const before = (await visibleTree(world.files)).tree;
    const deleting = server!
      .request("/api/resources/scans", { method: "DELETE" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(async () => {
      for (const id of await readdir(world.trash).catch(() => [] as string[])) {
        if (await stagedMoreThan(path.join(world.trash, id), 5)) return true;
      }
      return false;
    });
    await run.kill();
    expect(await deleting).toBe("aborted");
    expect((await visibleTree(world.files)).tree).toEqual(before);
    await server!.start();
    expect(await items()).toEqual([]);
    expect(await readdir(world.trash).catch(() => [])).toEqual([]);
    // Deleted again, it goes to the trash whole and comes back whole.
    expect((await server!.request("/api/resources/scans", { method: "DELETE" })).status).toBe(204);
    await restoreAllAndCompare(world.files, before);
  }, 60_000);
});

describe("kill -9 during a restore", () => {
  it("after restart the folder is back in its place or still listed, never both halves", async () => {
    const { files, trash } = (await setUp())!;
    const run = await server!.start();
    const before = (await visibleTree(files)).tree;
    expect((await server!.request("/api/resources/scans", { method: "DELETE" })).status).toBe(204);
    const [item] = await items();
    const restoring = server!
      .request(`/api/trash/${item!.id}/restore`, { method: "POST" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(async () => (await readdir(files)).includes("scans"));
    await run.kill();
    await restoring;
    await server!.start();
    await onlyListedItems(trash);
    const listed = await items();
    const placed = (await readdir(files)).includes("scans");
    // Either back (nothing listed) or listed whole with nothing placed.
    expect(placed !== (listed.length === 1)).toBe(true);
    await restoreAllAndCompare(files, before);
  }, 60_000);
});
