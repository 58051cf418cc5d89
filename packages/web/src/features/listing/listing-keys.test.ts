import { describe, expect, it } from "vitest";
import { keyTarget, typeAheadIndex } from "./listing-keys";

const list = { count: 10, columns: 1, pageRows: 4, rtl: false };
const grid = { count: 10, columns: 3, pageRows: 2, rtl: false };

describe("keyTarget", () => {
  it("moves by one in a list and stops at the ends", () => {
    expect(keyTarget("ArrowDown", 0, list)).toBe(1);
    expect(keyTarget("ArrowUp", 0, list)).toBe(0);
    expect(keyTarget("ArrowDown", 9, list)).toBe(9);
    expect(keyTarget("ArrowLeft", 4, list)).toBeNull();
    expect(keyTarget("Home", 5, list)).toBe(0);
    expect(keyTarget("End", 5, list)).toBe(9);
    expect(keyTarget("PageDown", 1, list)).toBe(5);
    expect(keyTarget("PageUp", 3, list)).toBe(0);
  });

  it("moves by rows and sideways in a mosaic, mirrored right to left", () => {
    expect(keyTarget("ArrowDown", 1, grid)).toBe(4);
    expect(keyTarget("ArrowUp", 4, grid)).toBe(1);
    expect(keyTarget("ArrowRight", 4, grid)).toBe(5);
    expect(keyTarget("ArrowRight", 4, { ...grid, rtl: true })).toBe(3);
    expect(keyTarget("PageDown", 0, grid)).toBe(6);
    expect(keyTarget("ArrowDown", 8, grid)).toBe(9);
  });

  it("starts at the first item (End: the last) when nothing is active", () => {
    expect(keyTarget("ArrowUp", -1, list)).toBe(0);
    expect(keyTarget("End", -1, list)).toBe(9);
    expect(keyTarget("Enter", 2, list)).toBeNull();
    expect(keyTarget("ArrowDown", 0, { ...list, count: 0 })).toBeNull();
  });
});

describe("typeAheadIndex", () => {
  const names = ["Archivio", "cosmographia.tex", "Cosmos", "notae.txt", "Ödipus"];
  it("finds the next name with the typed prefix, ignoring case and accents", () => {
    expect(typeAheadIndex(names, 0, "cos")).toBe(1);
    expect(typeAheadIndex(names, 1, "cosmo")).toBe(1);
    expect(typeAheadIndex(names, 1, "cosmos")).toBe(2);
    expect(typeAheadIndex(names, 0, "od")).toBe(4);
    expect(typeAheadIndex(names, 0, "z")).toBe(-1);
  });
  it("cycles through names with one letter typed again", () => {
    expect(typeAheadIndex(names, 1, "c")).toBe(2);
    expect(typeAheadIndex(names, 2, "cc")).toBe(1);
    expect(typeAheadIndex(names, -1, "a")).toBe(0);
  });
});
