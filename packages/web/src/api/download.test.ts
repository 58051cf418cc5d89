import { afterEach, describe, expect, it, vi } from "vitest";
import { ARCHIVE_FORMATS, archiveUrl, startDownload } from "./download";

describe("archiveUrl", () => {
  it("encodes each segment, joins with commas, and encodes the list again", () => {
    expect(archiveUrl(["/Opere/Libro I", "/Opere/a,b #1.tex"], "targz")).toBe(
      "/api/raw/?files=%2FOpere%2FLibro%2520I%2C%2FOpere%2Fa%252Cb%2520%25231.tex&algo=targz",
    );
  });

  it("prefixes the base URL", () => {
    window.FileBrowser = { BaseURL: "/fb" };
    expect(archiveUrl(["/"], "zip")).toBe("/fb/api/raw/?files=%2F&algo=zip");
  });

  it("offers the seven formats of SPEC.md §9", () => {
    expect(ARCHIVE_FORMATS.map((f) => f.label)).toEqual([
      "zip",
      "tar",
      "tar.gz",
      "tar.bz2",
      "tar.xz",
      "tar.lz4",
      "tar.sz",
    ]);
  });
});

describe("startDownload", () => {
  afterEach(() => vi.restoreAllMocks());

  it("clicks a temporary download link", () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    startDownload("/api/raw/a.txt");
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("/api/raw/a.txt");
    expect(link.hasAttribute("download")).toBe(true);
    expect(document.querySelector("a[download]")).toBeNull();
  });
});
