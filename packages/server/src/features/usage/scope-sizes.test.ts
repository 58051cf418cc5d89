import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileEvents } from "../../storage/events.js";
import { createScopeSizes } from "./scope-sizes.js";

let dir: string;
let scope: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "scope-sizes-"));
  scope = path.join(dir, "anna");
  await mkdir(path.join(scope, "a", "b"), { recursive: true });
  await writeFile(path.join(scope, "one.txt"), "12345");
  await writeFile(path.join(scope, "a", "b", "two.bin"), Buffer.alloc(2000));
  await writeFile(path.join(dir, "outside.bin"), Buffer.alloc(9999));
  await symlink(path.join(dir, "outside.bin"), path.join(scope, "link"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scope sizes", () => {
  it("counts the files below a scope, never through a link, and keeps the count", async () => {
    const events = createFileEvents();
    const sizes = createScopeSizes({ events });
    const link = path.join(dir, "outside.bin").length; // a link counts as its own few bytes
    expect(await sizes.sizeOf(scope)).toBe(2005 + link);
    // A change the app was not told of: the kept count stands (no walk per request).
    await writeFile(path.join(scope, "three.txt"), "abc");
    expect(await sizes.sizeOf(scope)).toBe(2005 + link);
    // A file event inside the scope: counted again.
    events.emit({ type: "created", userId: 1, abs: path.join(scope, "three.txt") });
    expect(await sizes.sizeOf(scope)).toBe(2008 + link);
    // An event elsewhere (even a sibling with the same prefix) changes nothing.
    await writeFile(path.join(scope, "four.txt"), "abcd");
    events.emit({ type: "created", userId: 1, abs: `${scope}2/x` });
    expect(await sizes.sizeOf(scope)).toBe(2008 + link);
    // A move into the scope is a change of it too.
    events.emit({ type: "moved", userId: 1, abs: path.join(dir, "x"), to: path.join(scope, "x") });
    expect(await sizes.sizeOf(scope)).toBe(2012 + link);
    sizes.close();
  });

  it("counts again once the kept count is old, and shares one walk between requests", async () => {
    let clock = 0;
    const sizes = createScopeSizes({ events: createFileEvents(), now: () => clock });
    const [first, second] = await Promise.all([sizes.sizeOf(scope), sizes.sizeOf(scope)]);
    expect(first).toBe(second);
    await writeFile(path.join(scope, "late.txt"), "x".repeat(100));
    clock += 60_000;
    expect(await sizes.sizeOf(scope)).toBe(first);
    clock += 10 * 60_000;
    expect(await sizes.sizeOf(scope)).toBe(first + 100);
    sizes.close();
  });

  it("answers zero for a scope folder that does not exist", async () => {
    const sizes = createScopeSizes({ events: createFileEvents() });
    expect(await sizes.sizeOf(path.join(dir, "nobody"))).toBe(0);
    sizes.close();
  });
});
