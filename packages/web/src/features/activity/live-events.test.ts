import type { LiveChange, TokenUser } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { FakeEventSource } from "./fake-event-source";
import { parseChange, retryDelay, subscribeLive } from "./live-events";

const CHANGE: LiveChange = {
  action: "upload",
  path: "/Opere/scan-3.jpg",
  user: "bruno",
  time: "2026-11-27T10:00:00.000Z",
};

const login = () =>
  useAuthStore.setState({ jwt: "t.o.k", user: { id: 1, username: "ada" } as TokenUser });

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.install();
  login();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuthStore.setState({ jwt: "", user: null });
});

describe("the live changes' stream", () => {
  it("is one EventSource for every listener of the tab, closed when the last one goes", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribeLive({ change: first });
    const stopSecond = subscribeLive({ change: second });
    expect(FakeEventSource.all).toHaveLength(1);
    const source = FakeEventSource.last();
    expect(source.url).toBe("/api/events");
    source.emit("change", JSON.stringify(CHANGE));
    expect(first).toHaveBeenCalledWith(CHANGE);
    expect(second).toHaveBeenCalledWith(CHANGE);
    stopFirst();
    expect(source.closed).toBe(false);
    stopSecond();
    expect(source.closed).toBe(true);
  });

  it("ignores data that is not a change", () => {
    const listener = vi.fn();
    const stop = subscribeLive({ change: listener });
    const source = FakeEventSource.last();
    source.emit("change", "not json");
    source.emit("change", JSON.stringify({ ...CHANGE, action: "explode" }));
    source.emit("change", JSON.stringify({ ...CHANGE, user: 7 }));
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it("opens again after a break, waiting longer each time, and says it is back", () => {
    const reconnected = vi.fn();
    const stop = subscribeLive({ change: vi.fn(), reconnected });
    FakeEventSource.last().open();
    expect(reconnected).not.toHaveBeenCalled();

    FakeEventSource.last().fail();
    expect(FakeEventSource.last().closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    // Still failing: 2 s before the next attempt.
    FakeEventSource.last().fail();
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it("closes on logout, and opens again at the next login", () => {
    const stop = subscribeLive({ change: vi.fn() });
    const source = FakeEventSource.last();
    useAuthStore.setState({ jwt: "", user: null });
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
    login();
    expect(FakeEventSource.all).toHaveLength(2);
    stop();
  });

  it("waits 1 s, then twice as long each time, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("reads a change with or without its destination", () => {
    expect(parseChange(JSON.stringify({ ...CHANGE, to: "/b" }))).toEqual({ ...CHANGE, to: "/b" });
    expect(parseChange(JSON.stringify({ ...CHANGE, to: 3 }))).toBeNull();
    expect(parseChange(JSON.stringify(null))).toBeNull();
    expect(parseChange(undefined)).toBeNull();
  });
});
