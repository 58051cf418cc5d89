import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { formatModified } from "./format-date";
import { CLOCK_TICK_MS, useClock } from "./use-clock";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

function Ago({ modified }: { modified: string }) {
  useClock();
  return <span data-testid="ago">{formatModified(modified, "en", false).text}</span>;
}

it("a relative date on screen moves on while the page stays open", () => {
  render(<Ago modified="2026-11-24T09:59:50Z" />);
  const before = screen.getByTestId("ago").textContent;
  act(() => {
    vi.advanceTimersByTime(4 * CLOCK_TICK_MS);
  });
  const after = screen.getByTestId("ago").textContent;
  expect(after).not.toBe(before);
  expect(after).toMatch(/2 minutes ago/);
});
