import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { editionPages, fetchTextStart, isTextType } from "./share-text";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("fetchTextStart", () => {
  it("asks for the first bytes only, without cookies", async () => {
    fetchMock.mockResolvedValue(new Response(bytes("\\VV{a}"), { status: 200 }));
    expect(await fetchTextStart("/api/x", 1024)).toEqual({ text: "\\VV{a}", cut: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Range).toBe("bytes=0-1023");
    expect(init?.credentials).toBe("omit");
  });

  it("a 206 of a longer file is cut; a character split at the end is left out", async () => {
    // "città" is 6 bytes: the first 5 end inside the "à".
    const part = bytes("città").subarray(0, 5);
    fetchMock.mockResolvedValue(
      new Response(part, { status: 206, headers: { "Content-Range": "bytes 0-4/900" } }),
    );
    expect(await fetchTextStart("/api/x", 5)).toEqual({ text: "citt", cut: true });
  });

  it("a server that ignores the range: the text is cut here", async () => {
    fetchMock.mockResolvedValue(new Response(bytes("abcdefgh"), { status: 200 }));
    expect(await fetchTextStart("/api/x", 4)).toEqual({ text: "abcd", cut: true });
  });

  it("rejects an error answer", async () => {
    fetchMock.mockResolvedValue(new Response("no", { status: 403 }));
    await expect(fetchTextStart("/api/x", 4)).rejects.toThrow("403");
  });
});

describe("editionPages", () => {
  const file = (name: string) => ({ name, isDir: false });
  it("m2hv's frame pages first, not the redirecting index.html beside them", () => {
    const items = [
      file("index.html"),
      file("liber-1.htm"),
      file("liber-1f.htm"),
      file("alter-1F.HTM"),
      { name: "x-1f.htm", isDir: true },
    ];
    expect(editionPages(items).map((i) => i.name)).toEqual(["alter-1F.HTM", "liber-1f.htm"]);
  });
  it("else an index page; else nothing", () => {
    expect(editionPages([file("INDEX.HTM"), file("a.tex")]).map((i) => i.name)).toEqual([
      "INDEX.HTM",
    ]);
    expect(editionPages([file("page.html"), file("a.tex")])).toEqual([]);
  });
});

it("text and read-only text are shown as text", () => {
  expect(isTextType("text")).toBe(true);
  expect(isTextType("textImmutable")).toBe(true);
  expect(isTextType("blob")).toBe(false);
});
