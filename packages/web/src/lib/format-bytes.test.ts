import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes";

describe("formatBytes", () => {
  it("prints bytes below 1 KiB without decimals", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1)).toBe("1 B");
    expect(formatBytes(1023)).toBe("1023 B");
  });

  it("uses binary multiples with two decimals", () => {
    expect(formatBytes(1024)).toBe("1.00 KiB");
    expect(formatBytes(1536)).toBe("1.50 KiB");
    expect(formatBytes(1024 * 1024)).toBe("1.00 MiB");
    expect(formatBytes(5.25 * 1024 ** 3)).toBe("5.25 GiB");
    expect(formatBytes(2 * 1024 ** 4)).toBe("2.00 TiB");
  });

  it("never prints 1024.00 of a unit", () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe("1.00 MiB");
  });

  it("treats invalid input as zero", () => {
    expect(formatBytes(-5)).toBe("0 B");
    expect(formatBytes(Number.NaN)).toBe("0 B");
  });
});
