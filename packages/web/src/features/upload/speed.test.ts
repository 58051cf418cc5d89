import { describe, expect, it } from "vitest";
import {
  etaSeconds,
  formatEta,
  formatSpeed,
  MB,
  percentDone,
  sampleSpeed,
  startSpeed,
} from "./speed";

describe("sampleSpeed", () => {
  it("smooths 0.2 of the new average with 0.8 of the old speed", () => {
    let state = startSpeed(0, 0);
    state = sampleSpeed(state, 10 * MB, 1000);
    expect(state.samples).toEqual([10]);
    expect(state.speed).toBeCloseTo(2);
    state = sampleSpeed(state, 20 * MB, 2000);
    // average of [10, 10] = 10 → 0.2 × 10 + 0.8 × 2
    expect(state.speed).toBeCloseTo(3.6);
  });

  it("divides by the real elapsed time", () => {
    const state = sampleSpeed(startSpeed(0, 0), 4 * MB, 2000);
    expect(state.samples).toEqual([2]);
  });

  it("averages over the last 5 samples only", () => {
    let state = startSpeed(0, 0);
    const rates = [100, 0, 0, 0, 0, 0];
    let bytes = 0;
    rates.forEach((rate, i) => {
      bytes += rate * MB;
      state = sampleSpeed(state, bytes, (i + 1) * 1000);
    });
    expect(state.samples).toEqual([0, 0, 0, 0, 0]);
  });

  it("ignores samples without elapsed time and never goes negative", () => {
    const state = startSpeed(5 * MB, 1000);
    expect(sampleSpeed(state, 9 * MB, 1000)).toBe(state);
    expect(sampleSpeed(state, 0, 2000).samples).toEqual([0]);
  });
});

describe("ETA", () => {
  it("is the remaining bytes over the speed", () => {
    expect(etaSeconds(10 * MB, 2)).toBe(5);
    expect(etaSeconds(10 * MB, 0)).toBeNull();
    expect(etaSeconds(10 * MB, Number.NaN)).toBeNull();
  });

  it("prints hh:mm:ss, or --:--:-- when unknown", () => {
    expect(formatEta(0)).toBe("00:00:00");
    expect(formatEta(4.2)).toBe("00:00:05");
    expect(formatEta(3 * 3600 + 25 * 60 + 7)).toBe("03:25:07");
    expect(formatEta(120 * 3600)).toBe("120:00:00");
    expect(formatEta(null)).toBe("--:--:--");
    expect(formatEta(Number.POSITIVE_INFINITY)).toBe("--:--:--");
  });
});

describe("formatSpeed and percentDone", () => {
  it("prints two decimals", () => {
    expect(formatSpeed(1.234)).toBe("1.23");
    expect(formatSpeed(0)).toBe("0.00");
    expect(formatSpeed(Number.NaN)).toBe("0.00");
  });

  it("floors the percent and caps it at 100", () => {
    expect(percentDone(0, 100)).toBe(0);
    expect(percentDone(999, 1000)).toBe(99);
    expect(percentDone(1000, 1000)).toBe(100);
    expect(percentDone(5, 0)).toBe(0);
  });
});
