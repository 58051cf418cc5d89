import { describe, expect, it } from "vitest";
import {
  asFolder,
  baseName,
  breadcrumbs,
  childPath,
  decodePath,
  encodePath,
  isInside,
  levelsOf,
  parentFolder,
  safeRedirectTarget,
} from "./paths";

describe("paths", () => {
  it("encodes and decodes each segment, keeping malformed escapes", () => {
    expect(encodePath("/a b/c#1.tex")).toBe("/a%20b/c%231.tex");
    expect(decodePath("/a%20b/100%/")).toBe("/a b/100%/");
  });

  it("accepts only same-app redirect targets", () => {
    expect(safeRedirectTarget("/files/a/")).toBe("/files/a/");
    expect(safeRedirectTarget("//evil.example")).toBe("/files/");
    expect(safeRedirectTarget("https://evil.example")).toBe("/files/");
    expect(safeRedirectTarget(null)).toBe("/files/");
  });

  it("finds folders, parents and names", () => {
    expect(asFolder("/a")).toBe("/a/");
    expect(asFolder("/a//")).toBe("/a/");
    expect(asFolder("")).toBe("/");
    expect(parentFolder("/a/b.txt")).toBe("/a/");
    expect(parentFolder("/b.txt")).toBe("/");
    expect(parentFolder("/a/b/")).toBe("/a/");
    expect(parentFolder("/")).toBe("/");
    expect(baseName("/movies/subs/en.vtt")).toBe("en.vtt");
    expect(baseName("/a/b/")).toBe("b");
  });

  it("joins names to folders; folders end with a slash", () => {
    expect(childPath("/", "a.tex", false)).toBe("/a.tex");
    expect(childPath("/Opere/", "Libro II", true)).toBe("/Opere/Libro II/");
    expect(childPath("/Opere", "x", false)).toBe("/Opere/x");
  });

  it("knows when a folder would go into itself", () => {
    expect(isInside("/a/b/", "/a/b")).toBe(true);
    expect(isInside("/a/b/c/", "/a/b")).toBe(true);
    expect(isInside("/a/bc/", "/a/b")).toBe(false);
  });

  it("lists the levels of a folder", () => {
    expect(levelsOf("/")).toEqual([]);
    expect(levelsOf("/a/b c/")).toEqual([
      { name: "a", path: "/a/" },
      { name: "b c", path: "/a/b c/" },
    ]);
  });
});

describe("breadcrumbs", () => {
  it("is empty at the root", () => {
    expect(breadcrumbs("/")).toEqual([]);
    expect(breadcrumbs("")).toEqual([]);
  });

  it("links every level with a trailing slash and decodes names", () => {
    expect(breadcrumbs("/Opere/Libro%20I/")).toEqual([
      { name: "Opere", to: "/files/Opere/" },
      { name: "Libro I", to: "/files/Opere/Libro%20I/" },
    ]);
  });

  it("keeps the last three levels behind an ellipsis", () => {
    const crumbs = breadcrumbs("/a/b/c/d/e/");
    expect(crumbs.map((c) => c.name)).toEqual(["...", "c", "d", "e"]);
    expect(crumbs[1]?.to).toBe("/files/a/b/c/");
  });
});
