import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchTree } from "./tree-watch.js";

let root: string;
let stop: (() => void) | undefined;
let seen: string[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "scriptorium-watch-"));
  seen = [];
});
afterEach(async () => {
  stop?.();
  await rm(root, { recursive: true, force: true });
});

/** Waits until `rel` has been reported (at most 3 s). */
async function reported(rel: string): Promise<void> {
  for (let i = 0; i < 150 && !seen.includes(rel); i++) await new Promise((r) => setTimeout(r, 20));
  expect(seen).toContain(rel);
}

/** The inotify watches this process holds (Linux lists them in /proc/self/fdinfo). */
function inotifyWatches(): number {
  let count = 0;
  for (const fd of readdirSync("/proc/self/fdinfo")) {
    try {
      count += readFileSync(`/proc/self/fdinfo/${fd}`, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("inotify wd:")).length;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

const settle = () => new Promise((r) => setTimeout(r, 200));

function start(): void {
  stop = watchTree(
    root,
    (rel) => seen.push(rel),
    (err) => {
      throw err;
    },
  );
  expect(stop).toBeTypeOf("function");
}

describe("watching a tree", () => {
  it("reports changes at any depth, relative to the root", async () => {
    await mkdir(path.join(root, "Libro/Capitolo"), { recursive: true });
    start();
    await settle();
    await writeFile(path.join(root, "Libro/Capitolo/prop.tex"), "x");
    await reported("Libro/Capitolo/prop.tex");
    await writeFile(path.join(root, "top.txt"), "y");
    await reported("top.txt");
    seen = [];
    await rm(path.join(root, "Libro/Capitolo/prop.tex"));
    await reported("Libro/Capitolo/prop.tex");
  });

  it("keeps one watch per folder, none per file", async () => {
    await mkdir(path.join(root, "a/b"), { recursive: true });
    for (let i = 0; i < 40; i++) await writeFile(path.join(root, `a/b/f${i}.tex`), "z");
    const before = inotifyWatches();
    start();
    await settle();
    expect(inotifyWatches() - before).toBe(3);
  });

  it("watches folders made later, and what is put in them", async () => {
    start();
    await settle();
    await mkdir(path.join(root, "nuovo"));
    await reported("nuovo");
    await settle();
    await writeFile(path.join(root, "nuovo/dentro.tex"), "1");
    await reported("nuovo/dentro.tex");
  });

  it("follows a folder moved inside the tree under its new name only", async () => {
    await mkdir(path.join(root, "prima/sotto"), { recursive: true });
    start();
    await settle();
    await rename(path.join(root, "prima"), path.join(root, "dopo"));
    await reported("dopo");
    await settle();
    seen = [];
    await writeFile(path.join(root, "dopo/sotto/x.tex"), "2");
    await reported("dopo/sotto/x.tex");
    await settle();
    expect(seen.filter((rel) => rel.startsWith("prima"))).toEqual([]);
  });

  it("forgets folders removed, and stops every watch when asked", async () => {
    await mkdir(path.join(root, "via/via"), { recursive: true });
    const before = inotifyWatches();
    start();
    await settle();
    expect(inotifyWatches() - before).toBe(3);
    await rm(path.join(root, "via"), { recursive: true });
    await settle();
    expect(inotifyWatches() - before).toBe(1);
    stop!();
    stop = undefined;
    await settle();
    expect(inotifyWatches() - before).toBe(0);
  });
});
