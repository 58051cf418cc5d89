import { describe, expect, it } from "vitest";
import { createSemaphore } from "./semaphore.js";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("createSemaphore", () => {
  it("runs at most `max` tasks at once, the rest in arrival order", async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick();
        order.push(i);
        running--;
        return i * 10;
      });
    const results = await Promise.all([1, 2, 3, 4, 5].map(task));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(semaphore.stats).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await semaphore.run(() => Promise.resolve("next"))).toBe("next");
    expect(semaphore.stats).toEqual({ active: 0, waiting: 0 });
  });
});
