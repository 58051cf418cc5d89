import { describe, expect, it } from "vitest";
import { clampHeight, loadHeight, saveHeight } from "./panel-height";

describe("the shell panel's height", () => {
  it("is 25em by default and remembered", () => {
    window.innerHeight = 800;
    expect(loadHeight()).toBe(400);
    saveHeight(300);
    expect(loadHeight()).toBe(300);
  });

  it("stays between 2.25em and the window height minus 4em", () => {
    expect(clampHeight(10, 16, 800)).toBe(36);
    expect(clampHeight(5000, 16, 800)).toBe(736);
    expect(clampHeight(500, 16, 800)).toBe(500);
    // A window too small for both limits keeps the one line.
    expect(clampHeight(500, 16, 80)).toBe(36);
  });
});
