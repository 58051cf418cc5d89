import { describe, expect, it } from "vitest";
import { isStrictlyWithin, isWithin } from "./paths.js";

describe("isWithin", () => {
  it("contains itself and its descendants", () => {
    expect(isWithin("/a", "/a")).toBe(true);
    expect(isWithin("/a", "/a/b/c")).toBe(true);
    expect(isWithin("/", "/anything")).toBe(true);
    expect(isWithin("/srv/files", "/srv/files/x")).toBe(true);
  });

  it("compares whole components, never string prefixes", () => {
    expect(isWithin("/a", "/ab")).toBe(false);
    expect(isWithin("/a", "/a/..b")).toBe(true);
    expect(isWithin("/", "/..notes.txt")).toBe(true);
    expect(isWithin("/srv/files", "/srv/files/..notes.txt")).toBe(true);
    expect(isWithin("/srv/files", "/srv/files-other")).toBe(false);
  });

  it("resolves dot segments before comparing", () => {
    expect(isWithin("/a", "/a/b/../../c")).toBe(false);
    expect(isWithin("/a", "/a/./b/..")).toBe(true);
    expect(isWithin("/a/b", "/a")).toBe(false);
  });

  it("tells descendants from the path itself", () => {
    expect(isStrictlyWithin("/a", "/a")).toBe(false);
    expect(isStrictlyWithin("/a", "/a/..b")).toBe(true);
    expect(isStrictlyWithin("/a", "/ab")).toBe(false);
  });
});
