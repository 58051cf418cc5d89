import { mkdtemp, rm } from "node:fs/promises";
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
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("kill -9 during a copy of a large folder", () => {
  it("loses nothing, shows nothing partial, and the copy succeeds when repeated", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-copy-"));
    const files = path.join(dir, "files");
    await makeFolder(path.join(files, "scans", "quire-a"), 200, MiB / 4);
    await makeFolder(path.join(files, "scans", "quire-b"), 200, MiB / 4);
    server = serverIn(dir);
    const run = await server.start();
    const before = await visibleTree(files);

    const copying = server
      .request("/api/resources/scans?action=copy&destination=%2Fbackup", { method: "PATCH" })
      .then((res) => res.status)
      .catch(() => "aborted");
    // Kill as soon as the staged copy holds a few files, long before it is complete.
    await waitFor(() => stagedMoreThan(files, 5));
    await run.kill();
    expect(await copying).toBe("aborted");

    const afterKill = await visibleTree(files);
    expect(afterKill.tree).toEqual(before.tree);
    expect(afterKill.staging.length).toBeGreaterThan(0);

    await server.start();
    expect(await server.listed("/")).toEqual(["scans"]);
    expect(await visibleTree(files)).toEqual(afterKill);

    const again = await server.request("/api/resources/scans?action=copy&destination=%2Fbackup", {
      method: "PATCH",
    });
    expect(again.status).toBe(200);
    const done = await visibleTree(files);
    for (const [rel, hash] of Object.entries(before.tree)) {
      expect(done.tree[rel], rel).toBe(hash);
      expect(done.tree[rel.replace(/^scans/, "backup")], rel).toBe(hash);
    }
    expect(Object.keys(done.tree)).toHaveLength(2 * Object.keys(before.tree).length);
    // Only what the killed run left remains hidden (swept once a day old).
    expect(done.staging).toEqual(afterKill.staging);
    expect(await server.listed("/")).toEqual(["backup", "scans"]);
  }, 60_000);
});
