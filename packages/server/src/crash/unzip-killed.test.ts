import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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

/** PATCH as the web app sends it: destination = <folder>/<archive name>, encoded twice. */
const unzipUrl = (folder: string) =>
  `/api/resources/archive/book.tar?action=unzip&destination=${encodeURIComponent(
    encodeURIComponent(`${folder}/book.tar`),
  )}&override=false&rename=false&unzip=true`;

/** /archive/book.tar: 400 files (100 MiB) under book/; returns what extraction must give. */
async function setUp(): Promise<{ files: string; content: Record<string, string> }> {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-unzip-"));
  const files = path.join(dir, "files");
  const source = path.join(dir, "source");
  await makeFolder(path.join(source, "book", "quire-a"), 200, MiB / 4);
  await makeFolder(path.join(source, "book", "quire-b"), 200, MiB / 4);
  await mkdir(path.join(files, "archive"), { recursive: true });
  execFileSync("tar", ["cf", path.join(files, "archive", "book.tar"), "-C", source, "book"]);
  const content = (await visibleTree(source)).tree;
  await rm(source, { recursive: true });
  return { files, content };
}

/** `tree` with every path put under `folder`. */
const under = (folder: string, tree: Record<string, string>) =>
  Object.fromEntries(Object.entries(tree).map(([rel, hash]) => [`${folder}/${rel}`, hash]));

describe("kill -9 during an extraction", () => {
  it("into an existing folder: nothing of the archive shows, and it extracts when repeated", async () => {
    const { files, content } = await setUp();
    const out = path.join(files, "out");
    await mkdir(out);
    await writeFile(path.join(out, "readme.txt"), "read me\n");
    server = serverIn(dir!);
    const run = await server.start();
    const before = await visibleTree(files);

    const extracting = server
      .request(unzipUrl("/out"), { method: "PATCH" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(() => stagedMoreThan(out, 5));
    await run.kill();
    expect(await extracting).toBe("aborted");

    const afterKill = await visibleTree(files);
    expect(afterKill.tree).toEqual(before.tree);
    expect(afterKill.staging).toHaveLength(1);
    await server.start();
    expect(await server.listed("/out")).toEqual(["readme.txt"]);

    const again = await server.request(unzipUrl("/out"), { method: "PATCH" });
    expect(again.status).toBe(200);
    const done = await visibleTree(files);
    expect(done.tree).toEqual({ ...before.tree, ...under("out", content) });
    expect(done.staging).toEqual(afterKill.staging);
    expect(await server.listed("/out")).toEqual(["book", "readme.txt"]);
  }, 60_000);

  it("into a new folder: it extracts when repeated after the restart", async () => {
    const { files, content } = await setUp();
    server = serverIn(dir!);
    const run = await server.start();
    const before = await visibleTree(files);
    const extracting = server
      .request(unzipUrl("/edition"), { method: "PATCH" })
      .then((res) => res.status)
      .catch(() => "aborted");
    await waitFor(() => stagedMoreThan(files, 5));
    await run.kill();
    expect(await extracting).toBe("aborted");
    expect((await visibleTree(files)).tree).toEqual(before.tree);

    await server.start();
    const again = await server.request(unzipUrl("/edition"), { method: "PATCH" });
    expect(again.status).toBe(200);
    expect((await visibleTree(files)).tree).toEqual({
      ...before.tree,
      edition: "dir",
      ...under("edition", content),
    });
  }, 60_000);

  // The archive is staged in the nearest existing folder; the new folder is made only to place
  // the staged entries, so a kill while staging leaves no folder under its final name.
  it("into a new folder: not even the folder shows after the kill", async () => {
    const { files } = await setUp();
    server = serverIn(dir!);
    const run = await server.start();
    const before = await visibleTree(files);
    void server.request(unzipUrl("/edition"), { method: "PATCH" }).catch(() => "aborted");
    await waitFor(() => stagedMoreThan(files, 5));
    await run.kill();
    expect((await visibleTree(files)).tree).toEqual(before.tree);
  }, 60_000);
});
