import { describe, expect, it } from "vitest";
import { overLimit, slotWidth, thinned, tooOld, type Retained } from "./retention.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const v = (id: string, ago: number, label: string | null = null, size = 10): Retained => ({
  id,
  madeAt: now - ago,
  size,
  label,
});

describe("version retention", () => {
  it("names the slot widths of Nextcloud's thinning", () => {
    expect(slotWidth(30_000)).toBe(0);
    expect(slotWidth(5 * MIN)).toBe(MIN);
    expect(slotWidth(5 * HOUR)).toBe(HOUR);
    expect(slotWidth(5 * DAY)).toBe(DAY);
    expect(slotWidth(40 * DAY)).toBe(7 * DAY);
  });

  it("keeps every version of the last minute", () => {
    const all = Array.from({ length: 20 }, (_, i) => v(`a${i}`, i * 1000));
    expect(thinned(all, now)).toEqual([]);
  });

  it("keeps the newest version of each minute, hour, day and week", () => {
    const all = [
      v("m1", 10 * MIN + 5_000),
      v("m2", 10 * MIN + 10_000),
      v("h1", 5 * HOUR + 10 * MIN),
      v("h2", 5 * HOUR + 20 * MIN),
      v("d1", 3 * DAY + HOUR),
      v("d2", 3 * DAY + 2 * HOUR),
      v("w1", 100 * DAY),
      v("w2", 100 * DAY + HOUR),
    ];
    // Each pair shares its slot (the times above lie within one minute/hour/day/week here).
    const dropped = thinned(all, now);
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    for (const id of dropped) expect(["m2", "h2", "d2", "w2"]).toContain(id);
  });

  it("never drops a labelled version", () => {
    const all = [v("a", 10 * MIN + 1000), v("b", 10 * MIN + 2000, "submitted")];
    expect(thinned(all, now)).toEqual([]);
    expect(tooOld([v("old", 400 * DAY, "v1"), v("x", 400 * DAY)], now, 365)).toEqual(["x"]);
    expect(overLimit([v("l", 3 * DAY, "keep", 100), v("u", DAY, null, 100)], 50)).toEqual(["u"]);
  });

  it("drops versions older than the maximum age, none without one", () => {
    const all = [v("new", DAY), v("old", 40 * DAY)];
    expect(tooOld(all, now, 30)).toEqual(["old"]);
    expect(tooOld(all, now, 0)).toEqual([]);
  });

  it("drops the oldest first down to the space limit", () => {
    const all = [v("c", HOUR, null, 30), v("a", 3 * DAY, null, 30), v("b", 2 * DAY, null, 30)];
    expect(overLimit(all, 60)).toEqual(["a"]);
    expect(overLimit(all, 30)).toEqual(["a", "b"]);
    expect(overLimit(all, 1000)).toEqual([]);
  });
});
