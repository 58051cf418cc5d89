import { describe, expect, it } from "vitest";
import { versionedName } from "./versioned-name.js";

describe("versionedName", () => {
  it("puts the counter before the extension from the last dot", () => {
    expect(versionedName("/docs/a.txt", 1)).toBe("/docs/a(1).txt");
    expect(versionedName("/archive.tar.gz", 2)).toBe("/archive.tar(2).gz");
    expect(versionedName("/home/.bashrc", 1)).toBe("/home/(1).bashrc");
    expect(versionedName("/src/Makefile", 3)).toBe("/src/Makefile(3)");
    expect(versionedName("/folder", 1)).toBe("/folder(1)");
  });
});
