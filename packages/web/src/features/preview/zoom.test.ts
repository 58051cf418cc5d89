import { describe, expect, it } from "vitest";
import { clampOffset, toggleZoomTarget, zoomAt, zoomLimits, zoomPercent } from "./zoom";

const stage = { width: 1000, height: 500 };

describe("image zoom", () => {
  it("fits a large preview into the stage and knows 100 % of the original", () => {
    // A 1080×720 preview of a 4320×2880 original.
    const limits = zoomLimits({ width: 1080, height: 720 }, stage, 4320);
    expect(limits.fit).toBeCloseTo(500 / 720);
    expect(limits.actual).toBe(4);
    expect(zoomPercent(limits.actual, limits)).toBe(100);
    expect(zoomPercent(limits.fit, limits)).toBe(17);
  });

  it("never enlarges a small image to fit", () => {
    const limits = zoomLimits({ width: 200, height: 100 }, stage);
    expect(limits.fit).toBe(1);
    expect(limits.actual).toBe(1);
    expect(toggleZoomTarget(limits.fit, limits)).toBe(2);
    expect(toggleZoomTarget(2, limits)).toBe(1);
  });

  it("double click goes from fit to 100 % and back", () => {
    const limits = zoomLimits({ width: 1080, height: 720 }, stage, 4320);
    expect(toggleZoomTarget(limits.fit, limits)).toBe(4);
    expect(toggleZoomTarget(4, limits)).toBe(limits.fit);
  });

  it("keeps the point under the cursor in place and the image over the stage", () => {
    const natural = { width: 1000, height: 500 };
    const limits = zoomLimits(natural, stage);
    const zoomed = zoomAt(
      { scale: 1, offset: { x: 0, y: 0 } },
      2,
      { x: 100, y: 50 },
      limits,
      natural,
      stage,
    );
    expect(zoomed.scale).toBe(2);
    expect(zoomed.offset).toEqual({ x: -100, y: -50 });
    expect(clampOffset({ x: 5000, y: -5000 }, 2, natural, stage)).toEqual({ x: 500, y: -250 });
    // Not below the fitted size, not past the maximum.
    expect(zoomAt(zoomed, 0.1, { x: 0, y: 0 }, limits, natural, stage).scale).toBe(limits.min);
    expect(zoomAt(zoomed, 1e6, { x: 0, y: 0 }, limits, natural, stage).scale).toBe(limits.max);
  });
});
