import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ActionButton } from "./ActionButton";
import { DONE_MS, trackAction } from "./action-status";
import type { Action, ActionContext } from "./types";

const action: Action = {
  id: "demo",
  label: "buttons.move",
  icon: "move",
  placements: ["header"],
  isVisible: () => true,
  perform: () => undefined,
};

afterEach(() => vi.useRealTimers());

describe("action buttons (SPEC.md §4)", () => {
  it("show a spinner while the work runs, then a check for a moment", async () => {
    vi.useFakeTimers();
    render(<ActionButton action={action} ctx={{} as ActionContext} testId="action-demo" />);
    const button = screen.getByTestId("action-demo");
    expect(button.dataset.status).toBeUndefined();
    let finish = () => {};
    let work!: Promise<void>;
    act(() => {
      work = trackAction("demo", new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(button.dataset.status).toBe("busy");
    expect(button).toHaveProperty("disabled", true);
    await act(async () => {
      finish();
      await work;
    });
    expect(button.dataset.status).toBe("done");
    act(() => {
      vi.advanceTimersByTime(DONE_MS);
    });
    expect(button.dataset.status).toBeUndefined();
  });

  it("go back to the icon when the work fails", async () => {
    render(<ActionButton action={action} ctx={{} as ActionContext} testId="action-demo" />);
    await act(() => trackAction("demo", Promise.reject(new Error("no"))).catch(() => undefined));
    expect(screen.getByTestId("action-demo").dataset.status).toBeUndefined();
  });
});
