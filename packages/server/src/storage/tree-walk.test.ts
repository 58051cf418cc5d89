import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { entryAt, readText, realRootOf, walkTree } from "./tree-walk.js";

let dir: string;
let root: string;
let outside: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-tree-walk-"));
  root = path.join(dir, "root");
  outside = path.join(dir, "outside");
  await mkdir(path.join(root, "a", "b"), { recursive: true });
  await writeFile(path.join(root, "a", "b", "mine.txt"), "mine\n");
  await mkdir(path.join(outside, "b"), { recursive: true });
  await writeFile(path.join(outside, "b", "theirs.txt"), "theirs\n");
  await writeFile(path.join(outside, "theirs.txt"), "theirs\n");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const walked = async (rel = "/") => {
  const seen: string[] = [];
  await walkTree((p) => seen.push(p), root, rel);
  return seen.sort();
};

describe("the walk of the tree", () => {
  it("gives a link as an entry and never enters it", async () => {
    await symlink(outside, path.join(root, "link"));
    expect(await walked()).toEqual(["/a", "/a/b", "/a/b/mine.txt", "/link"]);
  });

  it("walks nothing of a folder reached through a link in any component", async () => {
    await rm(path.join(root, "a"), { recursive: true });
    await symlink(outside, path.join(root, "a"));
    expect(await walked("/a")).toEqual([]);
    expect(await walked("/a/b")).toEqual([]);
  });
});

describe("the reader of text files", () => {
  const read = (rel: string) => readText(realRootOf(root), rel, 1000)?.text;

  it("reads a regular file at its place", () => {
    expect(read("/a/b/mine.txt")).toBe("mine\n");
    expect(entryAt(realRootOf(root), "/a/b/mine.txt")).toMatchObject({
      folder: true,
      entry: { isDir: false, link: false },
    });
  });

  it("never reads through a link, last or inner component", async () => {
    await symlink(path.join(outside, "theirs.txt"), path.join(root, "a", "link.txt"));
    expect(read("/a/link.txt")).toBeUndefined();
    await rm(path.join(root, "a"), { recursive: true });
    await symlink(outside, path.join(root, "a"));
    expect(read("/a/b/theirs.txt")).toBeUndefined();
    expect(entryAt(realRootOf(root), "/a/b/theirs.txt")).toEqual({ folder: false });
    expect(entryAt(realRootOf(root), "/a")).toMatchObject({ folder: true, entry: { link: true } });
  });

  it("does not wait on a FIFO, nor read one", () => {
    execFileSync("mkfifo", [path.join(root, "a", "pipe.txt")]);
    expect(readText(realRootOf(root), "/a/pipe.txt", 1000)).toBeUndefined();
  });

  it("leaves larger, binary and unchanged files unread", async () => {
    await writeFile(path.join(root, "a", "big.txt"), "x".repeat(2000));
    await writeFile(path.join(root, "a", "bin.txt"), Buffer.from([1, 0, 2]));
    const real = realRootOf(root);
    expect(readText(real, "/a/big.txt", 1000)?.skipped).toBe("large");
    expect(readText(real, "/a/bin.txt", 1000)?.skipped).toBe("binary");
    expect(readText(real, "/a/b/mine.txt", 1000, () => true)?.skipped).toBe("unchanged");
  });
});
