import { describe, expect, it } from "vitest";
import { beginWrite, endWhenSettled, wroteLately } from "./local-writes";

describe("this tab's own writes", () => {
  it("count while in flight and for a while after they end, however they end", async () => {
    const end = beginWrite();
    expect(wroteLately(0, Date.now() + 60_000)).toBe(true);
    end();
    end();
    expect(wroteLately(3000)).toBe(true);
    expect(wroteLately(3000, Date.now() + 4000)).toBe(false);

    let fail: (err: Error) => void = () => undefined;
    const work = new Promise<void>((_, reject) => {
      fail = reject;
    });
    const same = endWhenSettled(work, beginWrite());
    expect(same).toBe(work);
    expect(wroteLately(0, Date.now() + 60_000)).toBe(true);
    fail(new Error("refused"));
    await expect(same).rejects.toThrow("refused");
    expect(wroteLately(0, Date.now() + 60_000)).toBe(false);
  });
});
