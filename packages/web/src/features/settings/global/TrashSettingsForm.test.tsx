import type { Settings } from "@scriptorium/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";
import { parseTrashDays, parseTrashLimit } from "./TrashSettingsForm";

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
  defaults: { scope: ".", commands: [], perm: {} },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
  trash: { days: 30, maxBytesPerUser: 0 },
} as unknown as Settings;

function renderPage(settings: unknown, section: GlobalSectionId = "trash") {
  fetchMock.mockResolvedValueOnce(Response.json(settings));
  renderGlobalSettings(section);
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("global settings: trash", () => {
  it("saves the days kept and the size limit per user with the other settings", async () => {
    renderPage({ ...SETTINGS, trash: { days: 14, maxBytesPerUser: 3 * 1024 * 1024 } });
    await screen.findByTestId("global-trash-form");
    expect(input("global-trash-days").value).toBe("14");
    expect(input("global-trash-limit").value).toBe("3");
    fireEvent.change(input("global-trash-days"), { target: { value: "7" } });
    fireEvent.change(input("global-trash-limit"), { target: { value: "1.5" } });
    expect(screen.getByTestId("global-trash-form").textContent).toContain(
      "1.50 MiB per user; above it, the oldest items go first.",
    );
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(screen.getByTestId("global-trash-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/api/settings");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      ...SETTINGS,
      trash: { days: 7, maxBytesPerUser: 1572864 },
    });
  });

  it("shows the defaults (30 days, no limit) when the server sends no trash settings", async () => {
    const old: Record<string, unknown> = { ...SETTINGS };
    delete old.trash;
    renderPage(old);
    await screen.findByTestId("global-trash-form");
    expect(input("global-trash-days").value).toBe("30");
    expect(input("global-trash-limit").value).toBe("0");
    expect(screen.getByTestId("global-trash-form").textContent).toContain("0 means no limit");
  });

  it("reads days and sizes as numbers of at least 0", () => {
    expect(parseTrashDays("30")).toBe(30);
    expect(parseTrashDays("2.9")).toBe(2);
    expect(parseTrashDays("-4")).toBe(0);
    expect(parseTrashDays("")).toBe(0);
    expect(parseTrashDays("999999")).toBe(36500);
    expect(parseTrashLimit("1")).toBe(1024 * 1024);
    expect(parseTrashLimit("0.5")).toBe(512 * 1024);
    expect(parseTrashLimit("-1")).toBe(0);
    expect(parseTrashLimit("lots")).toBe(0);
  });
});
