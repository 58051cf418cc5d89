import { describe, expect, it } from "vitest";
import { isDataMismatch, itemUrl } from "./resource-api";

describe("isDataMismatch", () => {
  it("accepts the echoed path with or without its trailing slash", () => {
    expect(isDataMismatch("/Opere/Libro I/", { path: "/Opere/Libro I/" })).toBe(false);
    expect(isDataMismatch("/Opere/Libro I/", { path: "/Opere/Libro I" })).toBe(false);
    expect(isDataMismatch("/", { path: "/" })).toBe(false);
    expect(isDataMismatch("/", { path: "" })).toBe(false);
  });

  it("rejects an answer for another path", () => {
    expect(isDataMismatch("/Opere/", { path: "/Lettere/" })).toBe(true);
    expect(isDataMismatch("/Opere/a", { path: "/Opere/A" })).toBe(true);
  });
});

describe("itemUrl", () => {
  it("builds encoded /files urls", () => {
    expect(itemUrl({ path: "/Opere/Libro II/", isDir: true })).toBe("/files/Opere/Libro%20II/");
    expect(itemUrl({ path: "/a#b.tex", isDir: false })).toBe("/files/a%23b.tex");
  });
});
