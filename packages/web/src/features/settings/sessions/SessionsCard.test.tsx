import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { SessionInfo } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { SessionsCard } from "./SessionsCard";

const fetchMock = vi.fn<typeof fetch>();

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const session = (id: string, fields: Partial<SessionInfo>): SessionInfo => ({
  id,
  device: "Firefox on Linux",
  userAgent: "Mozilla/5.0",
  address: "192.0.2.7",
  createdAt: minutesAgo(60),
  lastUsedAt: minutesAgo(3),
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  current: false,
  ...fields,
});

const SESSIONS = [
  session("aaa", { current: true, device: "Chrome on Windows", lastUsedAt: minutesAgo(0) }),
  session("bbb", {}),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionsCard />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("profile: sessions", () => {
  it("lists device, address and last use, and marks this device without an End button", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SESSIONS));
    renderCard();
    const items = await screen.findAllByTestId("sessions-item");
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/sessions$/);
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("Chrome on Windows");
    expect(items[0]!.textContent).toContain("this device");
    expect(items[1]!.textContent).toContain("Firefox on Linux");
    expect(items[1]!.textContent).toContain("192.0.2.7");
    expect(items[1]!.textContent).toContain("last used 3 minutes ago");
    expect(screen.getAllByTestId("sessions-end")).toHaveLength(1);
  });

  it("ends one session with DELETE /api/sessions/{id}", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SESSIONS));
    renderCard();
    const end = await screen.findByTestId("sessions-end");
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(json(200, [SESSIONS[0]]));
    fireEvent.click(end);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toMatch(/\/api\/sessions\/bbb$/);
    expect(init?.method).toBe("DELETE");
    await waitFor(() => expect(screen.getAllByTestId("sessions-item")).toHaveLength(1));
  });

  it("ends every other session, says how many, and disables the button when none is left", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SESSIONS));
    renderCard();
    const button = await screen.findByTestId<HTMLButtonElement>("sessions-end-others");
    await waitFor(() => expect(button.disabled).toBe(false));
    fetchMock.mockResolvedValueOnce(json(200, { ended: 1 }));
    fetchMock.mockResolvedValueOnce(json(200, [SESSIONS[0]]));
    fireEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toMatch(/\/api\/sessions$/);
    expect(init?.method).toBe("DELETE");
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        "Sessions ended: 1",
      ]),
    );
    await waitFor(() => expect(button.disabled).toBe(true));
  });
});
