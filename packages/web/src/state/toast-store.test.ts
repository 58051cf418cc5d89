import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, TOAST_TIMEOUT_MS, useToastStore } from "./toast-store";

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it("dismisses success toasts after 4 s and keeps errors", () => {
    const { show } = useToastStore.getState();
    show("success", "saved");
    show("error", "broken");
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    expect(useToastStore.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(["broken"]);
    vi.advanceTimersByTime(60_000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it("shows at most 10, dropping the oldest", () => {
    for (let i = 0; i < 12; i++) useToastStore.getState().show("error", `e${i}`);
    const messages = useToastStore.getState().toasts.map((t) => t.message);
    expect(messages).toHaveLength(MAX_TOASTS);
    expect(messages[0]).toBe("e2");
  });
});
