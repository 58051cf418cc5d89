import { describe, expect, it } from "vitest";
import { breadcrumbs } from "./breadcrumbs";

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
