import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { Settings } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";
import { CHUNK_SIZE_DEBOUNCE_MS, parseRetryCount } from "./TusSettingsForm";

const fetchMock = vi.fn<typeof fetch>();

const SETTINGS = {
  signup: false,
  createUserDir: false,
  userHomeBasePath: "/users",
  branding: {
    name: "",
    disableExternal: false,
    disableUsedPercentage: false,
    files: "",
    theme: "",
    color: "",
  },
  defaults: { scope: ".", commands: [], perm: { execute: true } },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
} as unknown as Settings;

function renderPage(section: GlobalSectionId = "uploads") {
  renderGlobalSettings(section);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.useRealTimers();
});

describe("global settings: resumable uploads", () => {
  it("says settings are read-only when the server offers no /api/settings", async () => {
    window.FileBrowser = { TusSettings: { chunkSize: 2 * 1024 * 1024, retryCount: 3 } };
    fetchMock.mockResolvedValueOnce(
      json(404, { status: 404, code: "NOT_FOUND", message: "Route GET:/api/settings not found" }),
    );
    renderPage();
    expect(await screen.findByTestId("global-read-only")).toBeTruthy();
    const chunk = screen.getByTestId<HTMLInputElement>("global-chunk-size");
    expect(chunk.value).toBe("2MB");
    expect(screen.getByTestId<HTMLInputElement>("global-retry-count").value).toBe("3");
    expect(screen.getByTestId<HTMLButtonElement>("global-submit").disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/settings$/);
  });

  it("applies typed chunk sizes 1.5 s after typing stops, and 1 MB for invalid text", async () => {
    fetchMock.mockResolvedValueOnce(json(404, {}));
    renderPage();
    const chunk = await screen.findByTestId<HTMLInputElement>("global-chunk-size");
    const parsed = () => screen.getByTestId("global-chunk-size-parsed").textContent;
    expect(parsed()).toBe("Each request carries up to 10.00 MiB.");

    vi.useFakeTimers();
    fireEvent.change(chunk, { target: { value: "512K" } });
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_SIZE_DEBOUNCE_MS - 100));
    expect(parsed()).toBe("Each request carries up to 10.00 MiB.");
    fireEvent.change(chunk, { target: { value: "512KB" } });
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_SIZE_DEBOUNCE_MS - 100));
    expect(parsed()).toBe("Each request carries up to 10.00 MiB.");
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(parsed()).toBe("Each request carries up to 512.00 KiB.");

    fireEvent.change(chunk, { target: { value: "lots" } });
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_SIZE_DEBOUNCE_MS));
    expect(parsed()).toBe("Each request carries up to 1.00 MiB.");
  });

  it("saves the whole settings object with the new upload values", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const chunk = await screen.findByTestId<HTMLInputElement>("global-chunk-size");
    expect(screen.queryByTestId("global-read-only")).toBeNull();
    fireEvent.change(chunk, { target: { value: "1.5M" } });
    fireEvent.change(screen.getByTestId("global-retry-count"), { target: { value: "7" } });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(screen.getByTestId("global-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/api/settings");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      ...SETTINGS,
      tus: { chunkSize: 1572864, retryCount: 7 },
    });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        "Settings updated!",
      ]),
    );
  });

  it("reads the retry count as a whole number of at least 0", () => {
    expect(parseRetryCount("5")).toBe(5);
    expect(parseRetryCount("2.7")).toBe(2);
    expect(parseRetryCount("-1")).toBe(0);
    expect(parseRetryCount("")).toBe(0);
    expect(parseRetryCount("x")).toBe(0);
  });
});
