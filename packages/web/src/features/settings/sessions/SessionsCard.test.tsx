import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { SessionInfo } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { loadLocale } from "../../../i18n";
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
    expect(screen.getByTestId("sessions-end").textContent).toBe(
      "End the session of Firefox on Linux",
    );
  });

  it("groups logins by device and address with a count, buttons named after their device (issue 31)", async () => {
    const chrome = { device: "Chrome on Linux", browser: "Chrome", system: "Linux" };
    fetchMock.mockResolvedValueOnce(
      json(200, [
        session("c1", { ...chrome, current: true, lastUsedAt: minutesAgo(0) }),
        session("c2", { ...chrome, lastUsedAt: minutesAgo(5) }),
        session("c3", { ...chrome, lastUsedAt: minutesAgo(9) }),
        session("f1", { lastUsedAt: minutesAgo(50) }),
        session("f2", { lastUsedAt: minutesAgo(2) }),
        session("f3", { address: "198.51.100.4", lastUsedAt: minutesAgo(30) }),
        session("s1", { device: "Safari on iOS", browser: "Safari", system: "iOS" }),
      ]),
    );
    renderCard();
    const items = await screen.findAllByTestId("sessions-item");
    expect(items.map((item) => item.dataset.count)).toEqual(["3", "2", "1", "1"]);
    expect(items[0]!.textContent).toContain("×3");
    expect(items[0]!.textContent).toContain("this device");
    const names = screen.getAllByTestId("sessions-end").map((button) => button.textContent);
    expect(names).toEqual([
      "End the 2 other sessions of Chrome on Linux",
      "End the 2 sessions of Firefox on Linux at 192.0.2.7",
      "End the session of Safari on iOS",
      "End the session of Firefox on Linux at 198.51.100.4",
    ]);
    expect(new Set(names).size).toBe(names.length);
    // The card's button comes before the list.
    const endOthers = screen.getByTestId("sessions-end-others");
    expect(
      endOthers.compareDocumentPosition(screen.getByTestId("sessions")) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // A group ends its sessions, here this device's other two.
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === "DELETE" ? new Response(null, { status: 204 }) : json(200, []),
      ),
    );
    fireEvent.click(screen.getAllByTestId("sessions-end")[0]!);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        "Sessions ended: 2",
      ]),
    );
    const deleted = fetchMock.mock.calls
      .filter(([, init]) => init?.method === "DELETE")
      .map(([url]) => (typeof url === "string" ? url : "").replace(/^.*\//, ""));
    expect(deleted.sort()).toEqual(["c2", "c3"]);
  });

  it("says the device in the page's language from its parts", async () => {
    const { default: i18n } = await import("i18next");
    await loadLocale("it");
    await i18n.changeLanguage("it");
    try {
      fetchMock.mockResolvedValueOnce(
        json(200, [session("f", { browser: "Firefox", system: "Linux" })]),
      );
      renderCard();
      expect((await screen.findByTestId("sessions-end")).textContent).toBe(
        "Termina la sessione di Firefox su Linux",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
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
