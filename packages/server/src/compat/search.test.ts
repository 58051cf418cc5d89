/** File Browser's search calls (API.md Part B §9): the overlay's GET and the answer it reads. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodePath, startCompat, type Compat } from "./fb-client.js";

let c: Compat;

/** The overlay's request: the folder with a trailing slash, the query encoded once. */
async function search(dir: string, query: string): Promise<{ dir: boolean; path: string }[]> {
  const res = await c.api(`/api/search${encodePath(dir)}?query=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as { dir: boolean; path: string }[];
}

beforeEach(async () => {
  c = await startCompat();
  await mkdir(path.join(c.scope, "docs", "Photos 2024"), { recursive: true });
  await writeFile(path.join(c.scope, "docs", "notes.txt"), "ciao");
  await writeFile(path.join(c.scope, "docs", "Photos 2024", "p1.jpg"), "x");
  await writeFile(path.join(c.scope, "docs", "Photos 2024", "track.mp3"), "x");
  await writeFile(path.join(c.scope, "docs", "scan.pdf"), "x");
  // The app was started before the files: wait until its watcher has them.
  for (let i = 0; i < 100; i++) {
    if ((await search("/", "type:pdf")).length > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the index did not catch up");
});
afterEach(() => c.t.close());

describe("the search overlay (§9)", () => {
  it("answers a JSON array of {dir, path}, keys in that order, paths relative to the folder", async () => {
    const res = await c.api(`/api/search/docs/?query=${encodeURIComponent("photos")}`);
    expect(await res.text()).toBe('[{"dir":true,"path":"Photos 2024"}]');
    expect(await search("/docs/Photos 2024/", "p1")).toEqual([{ dir: false, path: "p1.jpg" }]);
  });

  it("the type buttons: type:image, type:audio, type:video, type:pdf", async () => {
    expect(await search("/", "type:image")).toEqual([
      { dir: false, path: "docs/Photos 2024/p1.jpg" },
    ]);
    expect(await search("/", "type:audio")).toEqual([
      { dir: false, path: "docs/Photos 2024/track.mp3" },
    ]);
    expect(await search("/", "type:video")).toEqual([]);
    expect(await search("/", "type:pdf")).toEqual([{ dir: false, path: "docs/scan.pdf" }]);
  });

  it("case:sensitive and a quoted phrase with its space", async () => {
    expect(await search("/", "photos case:sensitive")).toEqual([]);
    expect(await search("/", '"photos 2"')).toEqual([{ dir: true, path: "docs/Photos 2024" }]);
  });

  it("names match with accents and case folded, the answer still {dir, path} only", async () => {
    await writeFile(path.join(c.scope, "docs", "Città del sole.tex"), "x");
    let found: { dir: boolean; path: string }[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      found = await search("/docs/", "CITTA");
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toEqual([{ dir: false, path: "Città del sole.tex" }]);
    const res = await c.api(`/api/search/docs/?query=${encodeURIComponent("città")}`);
    expect(await res.text()).toBe('[{"dir":false,"path":"Città del sole.tex"}]');
  });

  it("a folder that does not exist gives [] (§9)", async () => {
    expect(await search("/nowhere/", "notes")).toEqual([]);
  });
});
