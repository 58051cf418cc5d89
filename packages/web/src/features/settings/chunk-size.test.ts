import { describe, expect, it } from "vitest";
import { DEFAULT_CHUNK_SIZE, formatChunkSize, parseChunkSize } from "./chunk-size";

describe("parseChunkSize", () => {
  it("reads a bare number as bytes", () => {
    expect(parseChunkSize("1000")).toBe(1000);
    expect(parseChunkSize(" 42 ")).toBe(42);
  });

  it("reads every unit in binary multiples, in any case", () => {
    expect(parseChunkSize("512B")).toBe(512);
    expect(parseChunkSize("2K")).toBe(2048);
    expect(parseChunkSize("2KB")).toBe(2048);
    expect(parseChunkSize("10M")).toBe(10 * 1024 ** 2);
    expect(parseChunkSize("10mb")).toBe(10 * 1024 ** 2);
    expect(parseChunkSize("1 G")).toBe(1024 ** 3);
    expect(parseChunkSize("1GB")).toBe(1024 ** 3);
    expect(parseChunkSize("1T")).toBe(1024 ** 4);
    expect(parseChunkSize("1tb")).toBe(1024 ** 4);
    expect(parseChunkSize("5MiB")).toBe(5 * 1024 ** 2);
  });

  it("rounds fractions to whole bytes", () => {
    expect(parseChunkSize("1.5M")).toBe(1572864);
    expect(parseChunkSize("0.5K")).toBe(512);
    expect(parseChunkSize("1.3")).toBe(1);
  });

  it("gives 1 MB for anything else", () => {
    for (const text of ["", "abc", "10 MBs", "-5M", "5X", "M", "1e6", "0", "0.2", "1,5M"]) {
      expect(parseChunkSize(text), text).toBe(DEFAULT_CHUNK_SIZE);
    }
  });
});

describe("formatChunkSize", () => {
  it("uses the largest whole unit", () => {
    expect(formatChunkSize(10485760)).toBe("10MB");
    expect(formatChunkSize(1572864)).toBe("1536KB");
    expect(formatChunkSize(1024 ** 3)).toBe("1GB");
    expect(formatChunkSize(1000)).toBe("1000B");
  });

  it("reads back to the same size", () => {
    for (const size of [1, 1000, 1024, 1572864, 10485760, 3 * 1024 ** 4]) {
      expect(parseChunkSize(formatChunkSize(size))).toBe(size);
    }
  });
});
