import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { extractArchive, isExtractable, unzipDestination } from "./unzip";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(() => Promise.resolve("200 OK")) }));

afterEach(() => vi.clearAllMocks());

describe("isExtractable", () => {
  it("accepts the extensions of SPEC.md §5 in any case", () => {
    for (const name of [
      "a.zip",
      "a.ZIP",
      "a.bz2",
      "a.br",
      "a.tbz2",
      "a.gz",
      "a.xz",
      "a.rar",
      "a.tar",
      "a.Tar.Gz",
      "a.tar.xz",
      "a.tar.bz2",
      "a.tgz",
      "a.TXZ",
    ]) {
      expect(isExtractable(name), name).toBe(true);
    }
  });

  it("refuses other files", () => {
    for (const name of ["a.txt", "zip", "a.zip.txt", "a.7z", "a.tex", "agz"]) {
      expect(isExtractable(name), name).toBe(false);
    }
  });
});

describe("extractArchive", () => {
  it("sends the folder plus the archive name, segments encoded, with override", async () => {
    expect(unzipDestination("/Opere/", "x.zip")).toBe("/Opere/x.zip");
    expect(unzipDestination("/", "x.zip")).toBe("/x.zip");
    await extractArchive("/in/a #1.zip", "/Opere/Libro I/", "a #1.zip", false);
    expect(apiCall).toHaveBeenCalledWith("patchResource", {
      path: "/in/a #1.zip",
      query: {
        action: "unzip",
        destination: "/Opere/Libro%20I/a%20%231.zip",
        override: "false",
      },
    });
  });
});
