import type { Item } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import { parentUrl, siblings } from "./navigation";

const entry = (name: string, isDir = false): Pick<Item, "name" | "isDir"> => ({ name, isDir });

describe("preview navigation", () => {
  it("finds the url of the parent folder", () => {
    expect(parentUrl("/Opere/De centris/f 1r.png")).toBe("/files/Opere/De%20centris/");
    expect(parentUrl("/c.png")).toBe("/files/");
    expect(parentUrl("/a#1/b?.tex")).toBe("/files/a%231/");
  });

  it("steps through every file in listing order, skipping folders", () => {
    const items = [
      entry("figures", true),
      entry("a.png"),
      entry("b.tex"),
      entry("subs", true),
      entry("c.pdf"),
    ];
    expect(siblings(items, "b.tex")).toEqual({
      previous: items[1],
      next: items[4],
      index: 1,
      total: 3,
    });
  });

  it("has no previous on the first file and no next on the last (no wrap-around)", () => {
    const items = [entry("a.png"), entry("b.png")];
    expect(siblings(items, "a.png")).toMatchObject({ previous: undefined, next: items[1] });
    expect(siblings(items, "b.png")).toMatchObject({ previous: items[0], next: undefined });
  });

  it("has neither when the file is not in the listing (or the listing is not loaded)", () => {
    expect(siblings([entry("a.png")], "z.png")).toEqual({ index: -1, total: 1 });
    expect(siblings([], "a.png")).toEqual({ index: -1, total: 0 });
  });

  it("compares names exactly (case and folders with the same name)", () => {
    const items = [entry("A.png"), entry("a.png", true), entry("a.png")];
    expect(siblings(items, "a.png")).toMatchObject({ index: 1, previous: items[0] });
  });
});
