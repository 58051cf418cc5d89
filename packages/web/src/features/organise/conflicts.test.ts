import { describe, expect, it } from "vitest";
import { entersItself, findConflicts, flagsFor } from "./conflicts";
import { checkNewName } from "./rename";

const item = (from: string, isDir = false) => ({
  from,
  name: from.slice(from.lastIndexOf("/") + 1),
  isDir,
});

describe("conflict detection", () => {
  it("finds the moved names that exist at the destination, case-sensitively", () => {
    const moving = [item("/a/x.tex"), item("/a/Y.tex"), item("/a/z")];
    const existing = [{ name: "x.tex" }, { name: "y.tex" }, { name: "z" }, { name: "w" }];
    expect(findConflicts(moving, existing)).toEqual(["x.tex", "z"]);
    expect(findConflicts(moving, [])).toEqual([]);
  });

  it("puts rename or override only on the conflicting items", () => {
    const conflicts = new Set(["x.tex"]);
    expect(flagsFor("x.tex", conflicts, "rename")).toEqual({ rename: true });
    expect(flagsFor("x.tex", conflicts, "replace")).toEqual({ override: true });
    expect(flagsFor("other.tex", conflicts, "replace")).toEqual({});
    expect(flagsFor("x.tex", conflicts, null)).toEqual({});
  });

  it("knows when a folder would go into itself", () => {
    expect(entersItself("/a/b/c/", [item("/a/b", true)])).toBe(true);
    expect(entersItself("/a/b/c/", [item("/a/b")])).toBe(false);
    expect(entersItself("/a/", [item("/a/b", true)])).toBe(false);
  });
});

describe("rename input", () => {
  it("is trimmed; empty and unchanged names do nothing; paths are refused", () => {
    expect(checkNewName("  b.tex  ", "a.tex")).toBe("ok");
    expect(checkNewName("   ", "a.tex")).toBe("empty");
    expect(checkNewName(" a.tex ", "a.tex")).toBe("unchanged");
    expect(checkNewName("x/y", "a.tex")).toBe("invalid");
    expect(checkNewName("..", "a.tex")).toBe("invalid");
  });

  it("refuses a name ending with the staging suffix of files being written", () => {
    expect(checkNewName(" a.scriptorium-tmp ", "a.tex")).toBe("reserved");
    expect(checkNewName("a.scriptorium-tmp.tex", "a.tex")).toBe("ok");
  });
});
