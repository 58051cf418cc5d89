import { describe, expect, it } from "vitest";
import { listingHead } from "./listing-head";

const item = (name: string) => ({
  path: `/Carteggio/${name}`,
  name,
  size: 12,
  modified: "2024-10-04T22:08:00.123456789Z",
  isDir: false,
  type: "text",
});
const names = ["a.tex", 'quote " and \\ back.tex', "brace },{ and ] bracket.tex", "àè 文.tex"];
const listing = {
  path: "/Carteggio/",
  name: "Carteggio",
  isDir: true,
  numDirs: 0,
  numFiles: names.length,
  sorting: { by: "name", asc: true },
  items: names.map(item),
};
const text = JSON.stringify(listing);

describe("a listing's head", () => {
  it("keeps the folder's fields and its first complete items", () => {
    expect(listingHead(text, 2)).toEqual({ ...listing, items: listing.items.slice(0, 2) });
  });

  it("reads names with quotes, braces and brackets as names", () => {
    // Cut inside the fourth item: the first three are whole.
    const cut = text.slice(0, text.indexOf("àè") + 1);
    expect(listingHead(cut, 500)?.items?.map((i) => i.name)).toEqual(names.slice(0, 3));
  });

  it("takes every item when the whole listing is there", () => {
    expect(listingHead(text, 500)).toEqual(listing);
  });

  it("is nothing before the first item is whole, or for another answer", () => {
    expect(listingHead(text.slice(0, text.indexOf("a.tex")), 500)).toBeUndefined();
    expect(listingHead(JSON.stringify({ ...listing, items: [] }), 500)).toBeUndefined();
    expect(listingHead(JSON.stringify(item("a.tex")), 500)).toBeUndefined();
  });
});
