import { describe, expect, it } from "vitest";
import { retryDelays } from "./retry-delays";

describe("retryDelays", () => {
  it("starts at 0, then 1000 ms doubling", () => {
    expect(retryDelays(5)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(retryDelays(1)).toEqual([0]);
    expect(retryDelays(2)).toEqual([0, 1000]);
  });

  it("caps each delay at 20 s", () => {
    expect(retryDelays(8)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 20000, 20000]);
  });

  it("gives no retries for a count below 1 or not a number", () => {
    expect(retryDelays(0)).toEqual([]);
    expect(retryDelays(-3)).toEqual([]);
    expect(retryDelays(Number.NaN)).toEqual([]);
  });
});
