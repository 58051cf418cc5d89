import { closeSync, constants, lstatSync, openSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fdPath } from "./descriptor.js";
import { insideFolder } from "./inside-folder.js";

let dir: string;
let fd: number;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-inside-folder-"));
  await mkdir(path.join(dir, "held"));
  await writeFile(path.join(dir, "held", "mine.tex"), "mine\n");
  await mkdir(path.join(dir, "elsewhere"));
  await writeFile(path.join(dir, "elsewhere", "mine.tex"), "theirs, longer\n");
  fd = openSync(path.join(dir, "held"), constants.O_RDONLY | constants.O_DIRECTORY);
});
afterEach(async () => {
  closeSync(fd);
  await rm(dir, { recursive: true, force: true });
});

describe("names looked up inside a held folder", () => {
  it("reads the held folder's entry and gives the working folder back", () => {
    const before = process.cwd();
    const size = insideFolder(fdPath(fd), () => lstatSync("mine.tex").size);
    expect(size).toBe(5);
    expect(process.cwd()).toBe(before);
  });

  it("stays in the folder held, not the path it had, when a link takes that path", async () => {
    // The folder's path now leads through a link to another folder with the same names.
    await rename(path.join(dir, "held"), path.join(dir, "moved"));
    await symlink(path.join(dir, "elsewhere"), path.join(dir, "held"));
    expect(insideFolder(fdPath(fd), () => lstatSync("mine.tex").size)).toBe(5);
  });

  it("gives the working folder back when the work throws", () => {
    const before = process.cwd();
    expect(() =>
      insideFolder(fdPath(fd), () => {
        throw new Error("failed inside");
      }),
    ).toThrow("failed inside");
    expect(process.cwd()).toBe(before);
    expect(lstatSync("package.json", { throwIfNoEntry: false })).toEqual(
      lstatSync(path.join(before, "package.json"), { throwIfNoEntry: false }),
    );
  });
});
