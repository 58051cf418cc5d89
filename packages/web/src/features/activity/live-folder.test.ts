import type { Item, LiveChange } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import { changedName, isReflected, touchesFolder, touchesTree } from "./live-folder";

const T = "2026-11-27T10:00:00.000Z";
const change = (patch: Partial<LiveChange>): LiveChange => ({
  action: "upload",
  path: "/Opere/scan-3.jpg",
  user: "bruno",
  time: T,
  ...patch,
});
const item = (name: string, modified = T): Item =>
  ({ name, path: `/Opere/${name}`, modified, isDir: false, size: 1, type: "blob" }) as Item;

describe("which live changes concern an open folder", () => {
  it("a change of an entry of the folder, or of where it went", () => {
    expect(touchesFolder(change({}), "/Opere/")).toBe(true);
    expect(touchesFolder(change({}), "/Opere")).toBe(true);
    expect(touchesFolder(change({ path: "/Opere/Dante/canto.tex" }), "/Opere/")).toBe(false);
    expect(touchesFolder(change({ path: "/Opere2/x" }), "/Opere/")).toBe(false);
    const moved = change({ action: "move", path: "/inbox/a.tex", to: "/Opere/a.tex" });
    expect(touchesFolder(moved, "/Opere/")).toBe(true);
    expect(touchesFolder(moved, "/inbox/")).toBe(true);
    expect(touchesFolder(moved, "/")).toBe(false);
    // An archive extracted into the folder.
    const extracted = change({ action: "extract", path: "/inbox/a.zip", to: "/Opere/" });
    expect(touchesFolder(extracted, "/Opere/")).toBe(true);
    expect(touchesFolder(change({ path: "/top.txt" }), "/")).toBe(true);
    // A change with no file (a login) concerns no folder.
    expect(touchesFolder(change({ action: "login", path: "" }), "/")).toBe(false);
  });

  it("a change anywhere below the folder, for its activity", () => {
    expect(touchesTree(change({ path: "/Opere/Dante/canto.tex" }), "/Opere/")).toBe(true);
    expect(touchesTree(change({ path: "/Opere/Dante/canto.tex" }), "/")).toBe(true);
    expect(touchesTree(change({ path: "/Operette/x" }), "/Opere/")).toBe(false);
    expect(touchesTree(change({ path: "/a", to: "/Opere/b/a" }), "/Opere/")).toBe(true);
    expect(touchesTree(change({ path: "" }), "/")).toBe(false);
  });

  it("names the entry as the folder now has it", () => {
    expect(changedName(change({}), "/Opere/")).toBe("scan-3.jpg");
    const renamed = change({ action: "rename", path: "/Opere/a.tex", to: "/Opere/b.tex" });
    expect(changedName(renamed, "/Opere/")).toBe("b.tex");
    const movedOut = change({ action: "move", path: "/Opere/a.tex", to: "/Archivio/a-old.tex" });
    expect(changedName(movedOut, "/Opere/")).toBe("a.tex");
    const extracted = change({ action: "extract", path: "/Opere/a.zip", to: "/Opere/" });
    expect(changedName(extracted, "/Opere/")).toBe("a.zip");
  });
});

describe("whether a listing already shows a change", () => {
  it("a new or rewritten file: there, and not older than the change", () => {
    expect(isReflected(change({}), "/Opere/", [item("scan-3.jpg")])).toBe(true);
    expect(isReflected(change({}), "/Opere/", [])).toBe(false);
    const before = "2026-11-27T09:00:00.000Z";
    expect(isReflected(change({ action: "edit" }), "/Opere/", [item("scan-3.jpg", before)])).toBe(
      false,
    );
  });

  it("a deleted, renamed or moved entry: gone, and there under its new name", () => {
    const gone = change({ action: "delete" });
    expect(isReflected(gone, "/Opere/", [])).toBe(true);
    expect(isReflected(gone, "/Opere/", [item("scan-3.jpg")])).toBe(false);
    const renamed = change({ action: "rename", path: "/Opere/a.tex", to: "/Opere/b.tex" });
    expect(isReflected(renamed, "/Opere/", [item("b.tex", "2020-01-01T00:00:00Z")])).toBe(true);
    expect(isReflected(renamed, "/Opere/", [item("a.tex")])).toBe(false);
    expect(isReflected(renamed, "/Opere/", [])).toBe(false);
  });

  it("a copy's source stays as it was; its copy must be there", () => {
    const copied = change({ action: "copy", path: "/Opere/a.tex", to: "/Opere/a (copy).tex" });
    const old = "2020-01-01T00:00:00Z";
    expect(isReflected(copied, "/Opere/", [item("a.tex", old), item("a (copy).tex", old)])).toBe(
      true,
    );
    expect(isReflected(copied, "/Opere/", [item("a.tex", old)])).toBe(false);
  });
});
