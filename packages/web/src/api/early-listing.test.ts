import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearListingHead, isListingHead, readListingHead, useListingHead } from "./early-listing";

const folder = (count: number) => ({
  path: "/Carteggio/",
  name: "Carteggio",
  isDir: true,
  numDirs: 0,
  numFiles: count,
  items: Array.from({ length: count }, (_, i) => ({
    path: `/Carteggio/lettera-${i}.tex`,
    name: `lettera-${i}.tex`,
    size: i,
    modified: "2024-10-04T22:08:00Z",
    isDir: false,
    type: "text",
  })),
});

afterEach(() => clearListingHead("/Carteggio/"));

describe("the early head of a big folder", () => {
  it("is read from the start of a big answer, its first 500 items, marked as a head", async () => {
    const { result } = renderHook(() => useListingHead("/Carteggio/"));
    await readListingHead("/Carteggio/", new Response(JSON.stringify(folder(5_000))));
    await waitFor(() => expect(result.current).toBeDefined());
    const head = result.current!;
    expect(head.numFiles).toBe(5_000);
    expect(head.items).toEqual(folder(5_000).items.slice(0, 500));
    expect(isListingHead(head)).toBe(true);
    expect(renderHook(() => useListingHead("/Other/")).result.current).toBeUndefined();
  });

  it("is not taken from a small answer, parsed whole as fast", async () => {
    await readListingHead("/Carteggio/", new Response(JSON.stringify(folder(50))));
    expect(renderHook(() => useListingHead("/Carteggio/")).result.current).toBeUndefined();
  });
});
