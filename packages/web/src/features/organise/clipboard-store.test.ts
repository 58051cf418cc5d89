import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clearClipboard,
  copyToClipboard,
  cutToClipboard,
  forgetPaths,
  getClipboard,
  useIsCut,
} from "./clipboard-store";

const a = { from: "/Opere/a.tex", name: "a.tex", isDir: false };
const b = { from: "/Opere/Libro I", name: "Libro I", isDir: true };
const inside = { from: "/Opere/Libro I/c.tex", name: "c.tex", isDir: false };

beforeEach(clearClipboard);

describe("file clipboard", () => {
  it("holds copied or cut items with the folder they came from", () => {
    copyToClipboard([a, b], "/Opere/");
    expect(getClipboard()).toEqual({ key: "c", items: [a, b], path: "/Opere/" });
    cutToClipboard([a], "/Opere/");
    expect(getClipboard()).toEqual({ key: "x", items: [a], path: "/Opere/" });
    clearClipboard();
    expect(getClipboard()).toEqual({ key: null, items: [], path: null });
  });

  it("forgets moved or deleted paths, with what was inside them, and clears when empty", () => {
    cutToClipboard([a, inside], "/Opere/");
    forgetPaths(["/Opere/Libro I"]);
    expect(getClipboard().items).toEqual([a]);
    forgetPaths(["/Opere/b.tex"]);
    expect(getClipboard().items).toEqual([a]);
    forgetPaths(["/Opere/a.tex"]);
    expect(getClipboard()).toEqual({ key: null, items: [], path: null });
  });

  it("does not confuse a folder with a name that starts like it", () => {
    copyToClipboard([{ from: "/Opere/Libro II", name: "Libro II", isDir: true }], "/Opere/");
    forgetPaths(["/Opere/Libro I"]);
    expect(getClipboard().items).toHaveLength(1);
  });

  it("marks only cut items, per path", () => {
    const { result } = renderHook(() => [useIsCut(a.from), useIsCut(b.from)]);
    expect(result.current).toEqual([false, false]);
    act(() => copyToClipboard([a], "/Opere/"));
    expect(result.current).toEqual([false, false]);
    act(() => cutToClipboard([a], "/Opere/"));
    expect(result.current).toEqual([true, false]);
    act(() => clearClipboard());
    expect(result.current).toEqual([false, false]);
  });
});
