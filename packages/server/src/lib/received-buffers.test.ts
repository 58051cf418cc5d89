import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { COLLECT_EVERY_BYTES, receivedBytes } from "./received-buffers.js";

/** Kinds of the collections V8 reports while `run` and the next few ticks go by. */
async function collectionsDuring(run: () => void): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind: number } })[])
      kinds.push(entry.detail?.kind ?? -1);
  });
  observer.observe({ entryTypes: ["gc"] });
  run();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return kinds;
}

describe("receivedBytes", () => {
  it("collects the young generation once a body's bytes reach the threshold", async () => {
    const kinds = await collectionsDuring(() => {
      receivedBytes(COLLECT_EVERY_BYTES - 1);
      receivedBytes(1);
    });
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
  });

  it("leaves no gc function behind in the program's global scope", () => {
    const exposedBefore = "gc" in globalThis;
    receivedBytes(COLLECT_EVERY_BYTES);
    expect("gc" in globalThis).toBe(exposedBefore);
  });
});
